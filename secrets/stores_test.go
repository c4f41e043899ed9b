package secrets

import "testing"

// TestWalletAndTokenStores: crypto wallets, API tokens of tools, apps'
// session stores and a history database, each beside a file of the same
// folder or name that holds no credential.
func TestWalletAndTokenStores(t *testing.T) {
	for p, want := range map[string]string{
		// Crypto wallets.
		"/home/u/.config/solana/id.json": "credential file", "/home/u/.config/solana/cli/config.yml": "",
		"/home/u/.ethereum/keystore/UTC--2024-01-01T00-00-00Z--abc": "credential store", "/home/u/.ethereum/geth.ipc": "",
		"/home/u/.bitcoin/wallet.dat": "credential file", "/home/u/.bitcoin/wallets/main/wallet.dat": "credential file", "/home/u/.bitcoin/bitcoin.conf": "",
		"/home/u/.electrum/wallets/default_wallet": "credential store", "/home/u/.electrum/config": "",
		// API tokens of command-line tools.
		"/home/u/.kaggle/kaggle.json": "credential file", "/home/u/.sentryclirc": "credential file",
		"/home/u/.jfrog/jfrog-cli.conf": "credential store", "/home/u/.jfrog/jfrog-cli.conf.v6": "credential store",
		"/home/u/.circleci/cli.yml": "credential file", "/p/.circleci/config.yml": "",
		"/home/u/.config/tea/config.yml": "credential file", "/home/u/.config/exercism/user.json": "credential file",
		"/home/u/.expo/state.json": "credential file", "/p/.expo/settings.json": "",
		"/home/u/.config/helm/repositories.yaml": "credential file", "/p/charts/app/values.yaml": "",
		"/home/u/.mongorc.js": "credential file", "/home/u/.mongoshrc.js": "credential file", "/p/src/mongo.js": "",
		// Apps' session stores.
		"/home/u/.config/Slack/Cookies": "browser cookie store", "/home/u/.config/Slack/storage/root-state.json": "",
		"/home/u/.config/discord/Local Storage/leveldb/000003.log": "credential store", "/home/u/.config/discord/settings.json": "",
		"/home/u/.config/Code/User/globalStorage/state.vscdb": "credential file", "/home/u/.config/Code/User/settings.json": "",
		// Shell history kept as a database.
		"/home/u/.local/share/atuin/history.db": "shell history", "/p/data/history.db": "",
	} {
		if got := File(p); got != want {
			t.Errorf("File(%q) = %q, want %q", p, got, want)
		}
	}
}
