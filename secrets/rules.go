package secrets

import "github.com/arbitergate/arbiter/internal/lazyregexp"

// rule recognises one published secret format. The formats follow the
// field's reference rule set (gitleaks' default configuration): the token
// prefixes and lengths are the vendors' published facts.
type rule struct {
	id   string // stable name, for tests and benchmarks
	kind string // what the secret is, shown in reasons and redactions
	// keywords are lower-case substrings one of which every match
	// contains: the text is searched for them first, so that the
	// expression is neither compiled nor run on text without one.
	keywords []string
	// expr finds the secret. When it has a capture group, group 1 is the
	// secret itself and the rest is context (an option, a key name).
	expr *lazyregexp.Regexp
	// assigned marks rules whose secret is a value given to a name that
	// only says "password" or "token": such values are often references
	// or stand-ins, and are tested harder for being placeholders.
	assigned bool
	// window runs the expression only near the keywords (see matches):
	// for expressions that start with an alternation or a class, which
	// the regexp package cannot skip to.
	window bool
}

// Character classes used below. Tokens end at the first character that
// cannot belong to them; \b would not do after '-' or '='.
const (
	alnum  = `[A-Za-z0-9]`
	word   = `[A-Za-z0-9_]`
	word64 = `[A-Za-z0-9_-]`
	// value is an assigned secret: anything up to a quote, space,
	// separator or the start of an expansion.
	value = `[^\s'"` + "`" + `;,&|<>(){}\[\]$\\]`
)

// rules is the table of inline secret formats. Order matters only for
// the kind Inline reports when several match: specific formats first,
// generic shapes (assignments, URLs with passwords) last.
var rules = []rule{
	// Cloud providers.
	{id: "aws-access-key", kind: "AWS access key", keywords: []string{"akia", "asia", "abia", "acca", "a3t"},
		expr: lazyregexp.New(`((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b`)},
	{id: "aws-secret-key", kind: "AWS secret key", keywords: []string{"aws_secret", "secret_access_key", "secretaccesskey"},
		expr: lazyregexp.New(`(?i)(?:aws_?secret_?access_?key|aws_?secret_?key|secretaccesskey)['"]?\s*[:=]\s*['"]?([A-Za-z0-9/+]{40})\b`), window: true},
	{id: "aws-session-token", kind: "AWS session token", keywords: []string{"session_token", "sessiontoken"},
		expr: lazyregexp.New(`(?i)(?:aws_?session_?token|sessiontoken)['"]?\s*[:=]\s*['"]?([A-Za-z0-9/+=]{100,})`), window: true},
	{id: "gcp-api-key", kind: "Google API key", keywords: []string{"aiza"},
		expr: lazyregexp.New(`(AIza` + word64 + `{35})`)},
	{id: "google-oauth-token", kind: "Google OAuth access token", keywords: []string{"ya29."},
		expr: lazyregexp.New(`(ya29\.` + word64 + `{20,})`)},
	{id: "google-refresh-token", kind: "Google OAuth refresh token", keywords: []string{"1//"},
		expr: lazyregexp.New(`(1//0` + word64 + `{40,})`)},
	{id: "gcp-service-account", kind: "Google service account key", keywords: []string{"service_account"},
		expr: lazyregexp.New(`"type"\s*:\s*"service_account"[^}]*"private_key"\s*:\s*"-----BEGIN`), window: true},
	{id: "azure-storage-key", kind: "Azure storage key", keywords: []string{"accountkey=", "sharedaccesssignature="},
		expr: lazyregexp.New(`(?i)(?:AccountKey|SharedAccessSignature)=([A-Za-z0-9+/=%]{40,})`), window: true},
	{id: "azure-client-secret", kind: "Azure client secret", keywords: []string{"q~"},
		expr: lazyregexp.New(`(?:^|[^A-Za-z0-9_~.-])([A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34})(?:$|[^A-Za-z0-9_~.-])`), window: true},
	{id: "azure-sas-token", kind: "Azure SAS token", keywords: []string{"sig="},
		expr: lazyregexp.New(`[?&]sv=\d{4}-\d\d-\d\d&[^\s'"]*\bsig=([A-Za-z0-9%+/=]{30,})`), window: true},
	{id: "digitalocean-token", kind: "DigitalOcean token", keywords: []string{"dop_v1_", "doo_v1_", "dor_v1_"},
		expr: lazyregexp.New(`(do[opr]_v1_[a-f0-9]{64})\b`)},
	{id: "alibaba-access-key", kind: "Alibaba Cloud access key", keywords: []string{"ltai"},
		expr: lazyregexp.New(`(LTAI[A-Za-z0-9]{20})\b`)},
	{id: "heroku-key", kind: "Heroku API key", keywords: []string{"hrku-"},
		expr: lazyregexp.New(`(HRKU-` + word64 + `{30,})`)},
	{id: "fly-token", kind: "Fly.io token", keywords: []string{"fo1_", "fm1", "fm2_"},
		expr: lazyregexp.New(`((?:fo1_[\w-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,}|fm2_[A-Za-z0-9+/]{100,}))`)},
	{id: "vault-token", kind: "HashiCorp Vault token", keywords: []string{"hvs.", "hvb."},
		expr: lazyregexp.New(`(hv[sb]\.` + word64 + `{24,})`)},
	{id: "terraform-token", kind: "Terraform Cloud token", keywords: []string{".atlasv1."},
		expr: lazyregexp.New(`([a-z0-9]{14}\.atlasv1\.[a-z0-9_=-]{60,70})`)},
	{id: "pulumi-token", kind: "Pulumi token", keywords: []string{"pul-"},
		expr: lazyregexp.New(`(pul-[a-f0-9]{40})\b`)},
	{id: "supabase-token", kind: "Supabase token", keywords: []string{"sbp_", "sb_secret_"},
		expr: lazyregexp.New(`((?:sbp_[a-f0-9]{40}|sb_secret_` + word64 + `{20,}))`)},
	{id: "planetscale-token", kind: "PlanetScale token", keywords: []string{"pscale_"},
		expr: lazyregexp.New(`(pscale_(?:tkn|pw|oauth)_` + word64 + `{32,64})`)},
	{id: "databricks-token", kind: "Databricks token", keywords: []string{"dapi"},
		expr: lazyregexp.New(`(dapi[a-f0-9]{32}(?:-\d)?)\b`)},

	// Source forges, package registries and CI.
	{id: "github-token", kind: "GitHub token", keywords: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"},
		expr: lazyregexp.New(`(gh[pousr]_[A-Za-z0-9]{36,})`)},
	{id: "github-fine-grained-pat", kind: "GitHub token", keywords: []string{"github_pat_"},
		expr: lazyregexp.New(`(github_pat_` + word + `{22,})`)},
	{id: "gitlab-token", kind: "GitLab token", keywords: []string{"glpat-", "glptt-", "gldt-", "glrt-", "glcbt-", "glimt-", "glsoat-", "glffct-", "glagent-", "gloas-", "gr1348941"},
		expr: lazyregexp.New(`((?:glpat|glptt|gldt|glrt|glcbt|glimt|glsoat|glffct|glagent|gloas)-` + word64 + `{20,}|GR1348941` + word64 + `{20,})`)},
	{id: "npm-token", kind: "npm token", keywords: []string{"npm_"},
		expr: lazyregexp.New(`(npm_[A-Za-z0-9]{36})\b`)},
	{id: "npm-auth-token", kind: "npm token", keywords: []string{"_authtoken"},
		expr: lazyregexp.New(`(?i)_authToken\s*=\s*['"]?(` + value + `{16,})`), window: true},
	{id: "pypi-token", kind: "PyPI token", keywords: []string{"pypi-"},
		expr: lazyregexp.New(`(pypi-AgEIcHlwaS5vcmc` + word64 + `{50,})`)},
	{id: "rubygems-token", kind: "RubyGems token", keywords: []string{"rubygems_"},
		expr: lazyregexp.New(`(rubygems_[a-f0-9]{48})\b`)},
	{id: "nuget-key", kind: "NuGet API key", keywords: []string{"oy2"},
		expr: lazyregexp.New(`(oy2[a-z0-9]{43})\b`)},
	{id: "docker-hub-pat", kind: "Docker Hub token", keywords: []string{"dckr_pat_", "dckr_oat_"},
		expr: lazyregexp.New(`(dckr_(?:pat|oat)_` + word64 + `{27,})`)},
	{id: "jfrog-key", kind: "JFrog API key", keywords: []string{"akcp"},
		expr: lazyregexp.New(`(AKCp[A-Za-z0-9]{69})\b`)},
	{id: "buildkite-token", kind: "Buildkite token", keywords: []string{"bkua_"},
		expr: lazyregexp.New(`(bkua_[a-f0-9]{40})\b`)},
	{id: "circleci-token", kind: "CircleCI token", keywords: []string{"ccipat_"},
		expr: lazyregexp.New(`(CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40})\b`)},
	{id: "atlassian-token", kind: "Atlassian API token", keywords: []string{"atatt3"},
		expr: lazyregexp.New(`(ATATT3[A-Za-z0-9_=-]{100,})`)},
	{id: "linear-key", kind: "Linear API key", keywords: []string{"lin_api_"},
		expr: lazyregexp.New(`(lin_api_[A-Za-z0-9]{40})\b`)},
	{id: "postman-key", kind: "Postman API key", keywords: []string{"pmak-"},
		expr: lazyregexp.New(`(PMAK-[a-f0-9]{24}-[a-f0-9]{34})\b`)},
	{id: "sentry-token", kind: "Sentry token", keywords: []string{"sntrys_", "sntryu_"},
		expr: lazyregexp.New(`(sntry[su]_[A-Za-z0-9+/=_]{40,})`)},
	{id: "grafana-token", kind: "Grafana token", keywords: []string{"glc_", "glsa_"},
		expr: lazyregexp.New(`((?:glc_[A-Za-z0-9+/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}))`)},
	{id: "newrelic-key", kind: "New Relic key", keywords: []string{"nrak-", "nrjs-", "nrii-"},
		expr: lazyregexp.New(`(NR(?:AK|JS|II)-[A-Za-z0-9]{19,32})\b`)},
	{id: "doppler-token", kind: "Doppler token", keywords: []string{"dp.pt.", "dp.st.", "dp.sa.", "dp.ct."},
		expr: lazyregexp.New(`(dp\.(?:pt|st|sa|ct)\.[A-Za-z0-9]{40,44})\b`)},
	{id: "onepassword-token", kind: "1Password service account token", keywords: []string{"ops_ey"},
		expr: lazyregexp.New(`(ops_eyJ[A-Za-z0-9+/=]{100,})`)},

	// AI model providers.
	{id: "anthropic-key", kind: "Anthropic API key", keywords: []string{"sk-ant-"},
		expr: lazyregexp.New(`(sk-ant-(?:api|admin|oat|ort)\d\d-` + word64 + `{20,})`)},
	{id: "openai-key", kind: "OpenAI API key", keywords: []string{"sk-"},
		expr: lazyregexp.New(`(sk-(?:(?:proj|svcacct|admin|None)-)?` + word64 + `{20,})`)},
	{id: "huggingface-token", kind: "Hugging Face token", keywords: []string{"hf_", "api_org_"},
		expr: lazyregexp.New(`((?:hf_|api_org_)[A-Za-z]{34})\b`)},
	{id: "groq-key", kind: "Groq API key", keywords: []string{"gsk_"},
		expr: lazyregexp.New(`(gsk_[A-Za-z0-9]{52})\b`)},
	{id: "xai-key", kind: "xAI API key", keywords: []string{"xai-"},
		expr: lazyregexp.New(`(xai-[A-Za-z0-9]{80})\b`)},
	{id: "perplexity-key", kind: "Perplexity API key", keywords: []string{"pplx-"},
		expr: lazyregexp.New(`(pplx-[A-Za-z0-9]{48})\b`)},
	{id: "replicate-token", kind: "Replicate token", keywords: []string{"r8_"},
		expr: lazyregexp.New(`(r8_[A-Za-z0-9]{37})\b`)},

	// Payments, messaging and commerce.
	{id: "stripe-key", kind: "Stripe key", keywords: []string{"sk_test_", "sk_live_", "sk_prod_", "rk_test_", "rk_live_", "rk_prod_", "whsec_"},
		expr: lazyregexp.New(`((?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}|whsec_[A-Za-z0-9]{32,})\b`)},
	{id: "square-token", kind: "Square token", keywords: []string{"sq0atp-", "sq0csp-", "eaaa"},
		expr: lazyregexp.New(`((?:sq0atp|sq0csp)-` + word64 + `{22,60}|EAAA[A-Za-z0-9_-]{60})`)},
	{id: "shopify-token", kind: "Shopify token", keywords: []string{"shpat_", "shpca_", "shppa_", "shpss_"},
		expr: lazyregexp.New(`(shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})\b`)},
	{id: "shippo-token", kind: "Shippo token", keywords: []string{"shippo_"},
		expr: lazyregexp.New(`(shippo_(?:live|test)_[a-fA-F0-9]{40})\b`)},
	{id: "flutterwave-key", kind: "Flutterwave key", keywords: []string{"flwseck", "flwpubk"},
		expr: lazyregexp.New(`(FLW(?:SECK|PUBK)_TEST-[a-h0-9]{32}-X)`)},
	{id: "sendgrid-key", kind: "SendGrid API key", keywords: []string{"sg."},
		expr: lazyregexp.New(`(SG\.` + word64 + `{22}\.` + word64 + `{43})\b`)},
	{id: "mailgun-key", kind: "Mailgun key", keywords: []string{"key-", "pubkey-"},
		expr: lazyregexp.New(`((?:pub)?key-[a-f0-9]{32})\b`)},
	{id: "mailchimp-key", kind: "Mailchimp API key", keywords: []string{"-us"},
		expr: lazyregexp.New(`([a-f0-9]{32}-us\d{1,2})\b`), window: true},
	{id: "twilio-key", kind: "Twilio API key", keywords: []string{"sk"},
		expr: lazyregexp.New(`(SK[0-9a-f]{32})\b`)},
	{id: "twilio-auth", kind: "Twilio auth token", keywords: []string{"twilio"},
		expr: lazyregexp.New(`(?i)twilio\w*(?:auth|token|secret)\w*['"]?\s*[:=]\s*['"]?([a-f0-9]{32})\b`), window: true},
	{id: "slack-token", kind: "Slack token", keywords: []string{"xox", "xapp-"},
		expr: lazyregexp.New(`((?:xox[abposr]|xoxe\.xox[bp]|xoxe)-[0-9A-Za-z-]{10,}|xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+)`)},
	{id: "slack-webhook", kind: "Slack webhook", keywords: []string{"hooks.slack.com"},
		expr: lazyregexp.New(`(?i)hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9+/_-]{20,})`), window: true},
	{id: "discord-webhook", kind: "Discord webhook", keywords: []string{"/api/webhooks/"},
		expr: lazyregexp.New(`(?i)discord(?:app)?\.com/api/webhooks/(\d+/[A-Za-z0-9_-]{30,})`), window: true},
	{id: "teams-webhook", kind: "Microsoft Teams webhook", keywords: []string{"webhook.office.com", "logic.azure.com"},
		expr: lazyregexp.New(`(?i)(?:webhook\.office\.com/webhookb2|logic\.azure\.com:443/workflows)/([A-Za-z0-9@/?=&._%-]{30,})`), window: true},
	{id: "telegram-bot-token", kind: "Telegram bot token", keywords: []string{":aa"},
		expr: lazyregexp.New(`(\d{8,10}:AA[A-Za-z0-9_-]{33})\b`), window: true},
	{id: "notion-token", kind: "Notion token", keywords: []string{"ntn_", "secret_"},
		expr: lazyregexp.New(`(ntn_[A-Za-z0-9]{46}|secret_[A-Za-z0-9]{43})\b`)},
	{id: "facebook-token", kind: "Facebook access token", keywords: []string{"eaa"},
		expr: lazyregexp.New(`(EAA[MC][A-Za-z0-9]{100,})`)},
	{id: "dropbox-token", kind: "Dropbox token", keywords: []string{"sl."},
		expr: lazyregexp.New(`(sl\.[A-Za-z0-9_=-]{130,})`)},

	// Keys and tokens by their structure.
	{id: "private-key", kind: "private key", keywords: []string{"private key"},
		expr: lazyregexp.New(`(-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----)`)},
	{id: "age-key", kind: "age secret key", keywords: []string{"age-secret-key-1"},
		expr: lazyregexp.New(`(AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})\b`)},
	{id: "jwt", kind: "JSON web token", keywords: []string{"eyj"},
		expr: lazyregexp.New(`(eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})`)},

	// Credentials given to a client: a header, a user:password option, a
	// URL or connection string with a password.
	{id: "authorization-header", kind: "authorization header", keywords: []string{"authorization", "api-key", "x-auth-token", "private-token", "x-api-token"},
		expr: lazyregexp.New(`(?i)\b(?:authorization|proxy-authorization|x-api-key|api-key|x-auth-token|private-token|x-api-token)\s*:\s*(?:bearer\s+|token\s+|basic\s+|apikey\s+)?([A-Za-z0-9._~+/=-]{16,})`), window: true},
	{id: "client-user-password", kind: "user name and password", keywords: []string{"-u", "--user", "--proxy-user"},
		expr: lazyregexp.New(`\b(?:curl|wget|http|https|xh|xhs|httpie|aria2c|lftp|svn|elinks)\b[^|;&\n]*\s(?:-u|--user|--proxy-user|--http-user)(?:\s*|=)['"]?[^\s:'"$-][^\s:'"$]*:(` + value + `{3,})`), assigned: true, window: true},
	{id: "password-option", kind: "password", keywords: []string{"--password"},
		expr: lazyregexp.New(`(?:^|\s)--password(?:\s+|=)['"]?(` + value + `{6,})`), assigned: true, window: true},
	{id: "mysql-password", kind: "password", keywords: []string{"mysql", "mariadb"},
		expr: lazyregexp.New(`(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^|;&\n]*\s-p(` + value + `{4,})`), assigned: true, window: true},
	{id: "url-password", kind: "password in a URL", keywords: []string{"://"},
		expr: lazyregexp.New(`(?i)\b[a-z][a-z0-9+.-]*://[^/\s:@'"]*:([^/\s@'"$]{3,})@`), assigned: true, window: true},
	{id: "connection-string-password", kind: "password in a connection string", keywords: []string{"password=", "pwd="},
		expr: lazyregexp.New(`(?i);\s*(?:password|pwd)\s*=\s*(` + value + `{4,})|(?:^|['"\s])(?:password|pwd)\s*=\s*(` + value + `{4,})\s*;`), assigned: true, window: true},
	{id: "assigned-secret", kind: "password or key assignment", keywords: []string{"key", "token", "secret", "pass", "pwd", "credential"},
		expr: lazyregexp.New(`(?i)(?:api[_-]?key|access[_-]?key(?:[_-]?id)?|private[_-]?key|secret[_-]?key|client[_-]?secret|token|secret|password|passwd|passphrase|pwd|credentials?)['"]?\s*(?::=|=>|[=:])\s*['"]?(` + value + `{12,})`), assigned: true, window: true},
}
