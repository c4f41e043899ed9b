package policy

import "testing"

// TestSystemSettingsRead: the tools that print system settings are
// allowed only with the words that print; a change asks. Before, every
// one of these reads deferred (U.no-spec) or asked as a change
// (hostnamectl status, scutil --dns, pmset -g, diskutil apfs list).
func TestSystemSettingsRead(t *testing.T) {
	runReadCases(t, []readCase{
		{"sysctl write", nil, "sysctl -w net.ipv4.ip_forward=1", ask, "B5.system-config"},
		{"sysctl BSD write", nil, "sysctl kern.maxfiles=65536", ask, "B5.system-config"},
		{"sysctl load", nil, "sysctl -p /etc/sysctl.d/99-x.conf", ask, "B5.system-config"},
		{"sysctl load cluster", nil, "sysctl -ep", ask, "B5.system-config"},
		{"sysctl system", nil, "sysctl --system", ask, "B5.system-config"},
		{"hostnamectl set", nil, "hostnamectl set-hostname build", ask, "B5.system-config"},
		{"hostnamectl other host", nil, "hostnamectl -H box status", ask, "B5.system-config"},
		{"timedatectl set-ntp", nil, "timedatectl set-ntp false", ask, "B5.system-config"},
		{"scutil set", nil, "scutil --set ComputerName box", ask, "B5.system-config"},
		{"scutil get then set", nil, "scutil --get HostName --set HostName x", ask, "B5.system-config"},
		{"scutil interactive", nil, "scutil", ask, "B5.system-config"},
		{"networksetup set", nil, "networksetup -setwebproxy Wi-Fi 127.0.0.1 8080", ask, "B5.system-config"},
		{"defaults write", nil, "defaults -currentHost write -g x -int 1", ask, "B5.system-config"},
		{"defaults import", nil, "defaults import com.apple.dock -", ask, "B5.system-config"},
		{"launchctl bootstrap", nil, "launchctl bootstrap gui/501 x.plist", ask, "B5.system-config"},
		{"apfs delete", nil, "diskutil apfs deleteContainer disk2", deny, "A1.raw-disk-write"},
		{"erase disk", nil, "diskutil eraseDisk APFS X disk2", deny, "A1.raw-disk-write"},
		{"partition disk", nil, "diskutil partitionDisk disk2 GPT APFS X 100%", deny, "A1.raw-disk-write"},
		{"unmount disk", nil, "diskutil unmountDisk force disk2", ask, "B.storage"},
		{"mount volume", nil, "diskutil mount disk2s1", ask, "B.storage"},
		{"repair volume", nil, "diskutil repairVolume /", ask, "B.storage"},
		{"apfs erase volume", nil, "diskutil apfs eraseVolume disk2s1 -name X", deny, "A1.raw-disk-write"},
		{"apfs delete volume", nil, "diskutil apfs deleteVolume disk2s3", deny, "A1.raw-disk-write"},
		{"apfs delete snapshot", nil, "diskutil apfs deleteSnapshot disk1s1 -name x", ask, "B.storage"},
		{"gatekeeper off", nil, "spctl --master-disable", deny, "A4.security-settings"},
		{"gatekeeper add", nil, "spctl --add build/App.app", deny, "A4.security-settings"},
		{"pmset set", nil, "pmset -a sleep 0", ask, "B5.system-config"},
		{"pmset read then set", nil, "pmset -g -a sleep 0", dfr, "U.unknown-option"},

		// Twins: the reading forms.
		{"sysctl read", nil, "sysctl -n net.ipv4.ip_forward", allow, "D1.read-only"},
		{"sysctl pattern", nil, "sysctl -a -r 'vm\\..*'", allow, "D1.read-only"},
		{"hostnamectl", nil, "hostnamectl", allow, "D1.read-only"},
		{"timedatectl show", nil, "timedatectl show -p NTP --value", allow, "D1.read-only"},
		{"scutil get", nil, "scutil --get LocalHostName", allow, "D1.read-only"},
		{"networksetup get", nil, "networksetup -getwebproxy Wi-Fi", allow, "D1.read-only"},
		{"defaults read type", nil, "defaults read-type -g AppleLocale", allow, "D1.read-only"},
		{"launchctl print", nil, "launchctl print system", allow, "D1.read-only"},
		{"apfs list", nil, "diskutil apfs list -plist", allow, "D1.read-only"},
		{"apfs snapshots", nil, "diskutil apfs listSnapshots disk1s1", allow, "D1.read-only"},
		{"gatekeeper assess", nil, "spctl --assess --type execute -v build/App.app", allow, "D1.read-only"},
		{"pmset battery", nil, "pmset -g batt", allow, "D1.read-only"},
	})
}
