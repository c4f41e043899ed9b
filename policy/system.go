package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) security(c *shell.Command) {
	subj := c.String()
	if securityReadOnly(c) {
		j.allowClosed(catalog.D1ReadOnly, subj, "reads security settings without changing them")
		return
	}
	j.fire(catalog.A4SecuritySettings, subj)
}

// readForm says which words a security or disk tool may be given when it
// only reads: options alone, options that take a value, and the first
// operand (a subcommand) it must start with, if any.
type readForm struct {
	flags   string   // short options, any cluster of them: "nvx"
	long    []string // long options, with or without =value
	valued  []string // options whose next word is their value
	needs   []string // one of these must be given (the listing action)
	verbs   []string // first operand, when the tool has subcommands
	words   []string // later operands allowed besides devices and names
	anyArgs bool     // later operands are names (chains, zones, devices)
	devices bool     // later operands may be device paths (/dev/sda)
}

// readForms are the read-only command lines of security and disk tools.
// Anything else they are given may change the system.
var readForms = lazy.New(func() map[string]readForm {
	return map[string]readForm{
		"iptables":     {flags: "LSnvxw", long: []string{"--list", "--list-rules", "--numeric", "--verbose", "--exact", "--line-numbers", "--wait"}, valued: []string{"-t", "--table"}, needs: []string{"-L", "--list", "-S", "--list-rules"}, anyArgs: true},
		"ip6tables":    {flags: "LSnvxw", long: []string{"--list", "--list-rules", "--numeric", "--verbose", "--exact", "--line-numbers", "--wait"}, valued: []string{"-t", "--table"}, needs: []string{"-L", "--list", "-S", "--list-rules"}, anyArgs: true},
		"nft":          {flags: "ajnstc", long: []string{"--handle", "--json", "--numeric", "--stateless", "--terse"}, verbs: []string{"list"}, anyArgs: true},
		"ufw":          {verbs: []string{"status", "show", "version", "app"}, words: []string{"verbose", "numbered", "raw", "added", "listening", "builtins", "before-rules", "user-rules", "after-rules", "logging-rules", "list"}},
		"firewall-cmd": {long: []string{"--state", "--permanent", "--zone", "--list-all", "--list-all-zones", "--list-services", "--list-ports", "--list-rich-rules", "--list-interfaces", "--list-sources", "--list-protocols", "--list-forward-ports", "--get-active-zones", "--get-default-zone", "--get-zones", "--get-services", "--get-zone-of-interface", "--get-policies", "--query-service", "--query-port", "--info-zone", "--info-service", "--info-policy", "--get-log-denied", "--query-panic", "--query-masquerade", "--list-all-policies"}, needs: []string{"--state", "--list-all", "--list-all-zones", "--list-services", "--list-ports", "--list-rich-rules", "--list-interfaces", "--list-sources", "--list-protocols", "--list-forward-ports", "--get-active-zones", "--get-default-zone", "--get-zones", "--get-services", "--get-zone-of-interface", "--get-policies", "--query-service", "--query-port", "--info-zone", "--info-service", "--info-policy", "--get-log-denied", "--query-panic", "--query-masquerade", "--list-all-policies"}, valued: []string{"--zone", "--query-service", "--query-port", "--info-zone", "--info-service", "--info-policy", "--get-zone-of-interface"}},
		"pfctl":        {flags: "sv", valued: []string{"-s", "-a"}, needs: []string{"-s"}},
		"csrutil":      {verbs: []string{"status"}},
		"spctl":        {flags: "av", long: []string{"--status", "--assess", "--verbose"}, valued: []string{"-t", "--type"}, needs: []string{"--status", "-a", "--assess"}, anyArgs: true},
		"auditctl":     {flags: "ls", needs: []string{"-l", "-s"}},
		"semanage":     {flags: "nlC", long: []string{"--list", "--noheading", "--locallist"}, needs: []string{"-l", "--list"}, verbs: []string{"boolean", "port", "fcontext", "login", "user", "module", "interface", "node", "permissive", "dontaudit", "ibpkey", "ibendport", "export"}},
		"fdisk":        {flags: "lxus", long: []string{"--list", "--list-details", "--units", "--getsz", "--bytes"}, valued: []string{"-o", "--output", "-b", "--sector-size"}, needs: []string{"-l", "--list", "-x", "--list-details", "-s", "--getsz"}, anyArgs: true},
		"sfdisk":       {flags: "ldJsgVFr", long: []string{"--list", "--dump", "--json", "--show-size", "--show-geometry", "--verify", "--list-free", "--list-types", "--bytes"}, valued: []string{"-o", "--output"}, needs: []string{"-l", "--list", "-d", "--dump", "-J", "--json", "-s", "--show-size", "-g", "--show-geometry", "-V", "--verify", "-F", "--list-free", "-T", "--list-types"}, anyArgs: true},
		"gdisk":        {flags: "l", needs: []string{"-l"}, anyArgs: true},
		"sgdisk":       {flags: "pvOL", long: []string{"--print", "--verify", "--print-mbr", "--list-types", "--info"}, valued: []string{"-i"}, needs: []string{"-p", "--print", "-v", "--verify", "-O", "--print-mbr", "-L", "--list-types", "-i", "--info"}, anyArgs: true},
		"parted":       {flags: "lsmj", long: []string{"--list", "--script", "--machine", "--json"}, words: []string{"print", "p", "free", "unit", "s", "B", "kB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB", "%", "cyl", "chs", "compact", "list", "all", "devices"}, devices: true},
		"mdadm":        {flags: "DEQsbvY", long: []string{"--detail", "--examine", "--query", "--scan", "--brief", "--verbose", "--detail-platform", "--export"}, needs: []string{"-D", "--detail", "-E", "--examine", "-Q", "--query", "--detail-platform"}, anyArgs: true},
		"cryptsetup":   {flags: "v", long: []string{"--verbose", "--debug"}, verbs: []string{"status", "luksDump", "isLuks", "tcryptDump", "bitlkDump", "fvault2Dump"}, anyArgs: true},
		"zpool":        {flags: "vxpHLPgTyel", verbs: []string{"status", "list", "iostat", "get", "history", "events"}, valued: []string{"-o", "-T"}, anyArgs: true},
		"zfs":          {flags: "rHpdt", verbs: []string{"list", "get", "diff"}, valued: []string{"-o", "-t", "-s", "-S", "-d"}, anyArgs: true},
		"lvm":          {verbs: []string{"pvs", "vgs", "lvs", "pvdisplay", "vgdisplay", "lvdisplay", "version", "lvmconfig", "fullreport", "devtypes", "formats", "segtypes"}, flags: "av", valued: []string{"-o", "--options"}, anyArgs: true},
		"diskutil":     {verbs: []string{"list", "info", "activity", "listFilesystems"}, words: []string{"-plist", "-all", "internal", "external", "physical", "virtual"}, anyArgs: true},
		"hdparm":       {flags: "IigtTC", long: []string{"--Istdout"}, needs: []string{"-I", "-i", "-g", "-t", "-T", "-C", "--Istdout"}, anyArgs: true},
		"wipefs":       {flags: "nJpi", long: []string{"--no-act", "--json", "--parsable", "--noheadings"}, valued: []string{"-O", "--output"}, anyArgs: true},
	}
})

// apfsReads is the read form of diskutil apfs, whose verbs follow apfs.
var apfsReads = lazy.New(func() readForm {
	return readForm{verbs: []string{"list", "listCryptoUsers", "listSnapshots", "listVolumeGroups"}, words: []string{"-plist"}, anyArgs: true}
})

// securityReadOnly reports whether a security or disk tool only lists or
// prints: every word it is given is in its read form.
func securityReadOnly(c *shell.Command) bool {
	form, ok := readForms.Get()[c.Program]
	if c.Program == "diskutil" && c.Arg(0) == "apfs" {
		// diskutil apfs VERB: the APFS verbs are a second level.
		form, ok = apfsReads.Get(), true
		c = &shell.Command{Program: c.Program, Args: c.Args[1:]}
	}
	if !ok {
		return false
	}
	needed := len(form.needs) == 0
	verbSeen := len(form.verbs) == 0
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		t := a.Text
		if a.Dynamic {
			return false
		}
		switch {
		case contains(form.valued, t):
			if k+1 >= len(c.Args) || c.Args[k+1].Dynamic {
				return false
			}
			k++
			needed = needed || contains(form.needs, t)
		case strings.HasPrefix(t, "--"):
			name, _, _ := strings.Cut(t, "=")
			if !contains(form.long, name) && !contains(form.valued, name) && !contains(form.words, t) {
				return false
			}
			needed = needed || contains(form.needs, name)
		case strings.HasPrefix(t, "-") && len(t) > 1 && !contains(form.words, t):
			for _, f := range t[1:] {
				if !strings.ContainsRune(form.flags, f) {
					return false
				}
				needed = needed || contains(form.needs, "-"+string(f))
			}
		case !verbSeen:
			if !contains(form.verbs, t) {
				return false
			}
			verbSeen = true
		case contains(form.words, t) || form.anyArgs && !strings.ContainsAny(t, "=;|&") || form.devices && strings.HasPrefix(t, "/dev/"):
		default:
			return false
		}
	}
	if c.Program == "parted" {
		needed = hasFlag(c, 'l', "--list") || containsWord(c, "print", "p") // without them parted waits for commands
	}
	return needed && verbSeen
}

func (j *judgement) systemConfig(c *shell.Command) {
	subj := c.String()
	first := ""
	ops := operands(c)
	if len(ops) > 0 {
		first = ops[0].Text
	}
	if c.Program == "service" {
		// service NAME ACTION: the action follows the service's name.
		first = ""
		if len(ops) > 1 {
			first = ops[1].Text
		}
		if hasFlag(c, 0, "--status-all") && len(ops) == 0 {
			first = "status"
		}
	}
	switch c.Program {
	case "systemctl", "service", "launchctl":
		switch first {
		case "status", "list-units", "list-unit-files", "is-active", "is-enabled", "show", "cat", "list", "print", "list-timers", "--version", "":
			j.fireWith(catalog.D1ReadOnly, subj, "reads service state")
			return
		}
		for _, a := range c.Args {
			if strings.Contains(a.Text, "firewall") || strings.Contains(a.Text, "apparmor") || strings.Contains(a.Text, "auditd") || strings.Contains(a.Text, "selinux") || strings.Contains(a.Text, "ufw") {
				if first == "stop" || first == "disable" || first == "mask" || first == "kill" {
					j.fireWith(catalog.A4SecuritySettings, subj, "stops a security service")
					return
				}
			}
		}
		if c.Has("sudo") || hasFlag(c, 0, "--user") || c.Program == "service" {
			j.fireWith(catalog.B5SystemConfig, subj, "changes system services")
			return
		}
		j.fireWith(catalog.B5SystemConfig, subj, "changes services")
	case "crontab":
		if hasFlag(c, 'l') {
			j.fireWith(catalog.D1ReadOnly, subj, "lists scheduled jobs")
			return
		}
		if hasFlag(c, 'r') {
			j.fireWith(catalog.B1Delete, subj, "deletes every scheduled job")
			return
		}
		if hasFlag(c, 'e') {
			j.fireInstead(catalog.H8Interactive, subj, "crontab -e opens an editor and hangs the agent", "write the table to a file and ask the user to install it")
			return
		}
		j.fire(catalog.B5Persistence, subj)
	case "at", "batch":
		if hasFlag(c, 'l') {
			j.fireWith(catalog.D1ReadOnly, subj, "lists scheduled jobs")
			return
		}
		j.fireWith(catalog.B5Persistence, subj, "schedules commands to run later")
	case "mount", "umount", "swapon":
		if len(c.Args) == 0 || first == "" && hasFlag(c, 'l') || c.Program == "mount" && mountLists(c) {
			j.fireWith(catalog.D1ReadOnly, subj, "lists mounts")
			return
		}
		j.fireWith(catalog.B5SystemConfig, subj, "mounts or unmounts file systems")
	case "nginx":
		if len(c.Args) == 1 && (c.Args[0].Text == "-v" || c.Args[0].Text == "-V" || c.Args[0].Text == "-h" || c.Args[0].Text == "-?") {
			j.fireWith(catalog.D1ReadOnly, subj, "prints nginx's version or help")
			return
		}
		j.fireWith(catalog.CServer, subj, "starts, signals or tests nginx, which loads its configuration: the log files, modules and keys it names")
	case "ldconfig":
		if ldconfigPrints(c) {
			j.fireWith(catalog.D1ReadOnly, subj, "prints the dynamic linker's cache")
			return
		}
		j.fireWith(catalog.B5SystemConfig, subj, "rebuilds the dynamic linker's cache")
	case "sysctl":
		// -p, -f and --system load settings from files; NAME=VALUE sets one.
		if !hasFlag(c, 'w', "--write") && !hasFlag(c, 'p', "--load", "--system") && !hasFlag(c, 'f') && !strings.Contains(strings.Join(c.ArgTexts(), " "), "=") {
			j.fireWith(catalog.D1ReadOnly, subj, "reads kernel settings")
			return
		}
		j.fireWith(catalog.B5SystemConfig, subj, "changes kernel settings")
	case "defaults":
		if first == "read" || first == "read-type" || first == "domains" || first == "find" || first == "help" {
			j.fireWith(catalog.D1ReadOnly, subj, "reads preferences")
			return
		}
		j.fireWith(catalog.B5SystemConfig, subj, "changes system preferences")
	case "hostnamectl", "timedatectl", "loginctl", "scutil", "networksetup", "systemsetup", "pmset":
		if systemSettingsRead(c, first) {
			j.fireWith(catalog.D1ReadOnly, subj, "reads system settings")
			return
		}
		j.fireWith(catalog.B5SystemConfig, subj, "changes system settings")
	default:
		j.fireWith(catalog.B5SystemConfig, subj, "changes system configuration, users or kernel modules")
	}
}

// settingsForm is how a system settings tool is asked only to print.
type settingsForm struct {
	bare     bool     // given no words, it prints
	operands []string // its first operand is one of these
	firsts   []string // its first word is one of these
	prefixes []string // or starts with one of these
}

// settingsReads are the words with which a system settings tool only
// prints: its first operand (hostnamectl status) or, for the macOS tools
// whose actions are options, its first word (scutil --dns, pmset -g) or
// the start of it (networksetup -getinfo, systemsetup -listtimezones).
// Given nothing, hostnamectl and timedatectl print their status and
// loginctl lists the sessions; bare
// scutil reads commands from its input. The spec's blocks list the words
// each accepts.
var settingsReads = lazy.New(func() map[string]settingsForm {
	return map[string]settingsForm{
		"hostnamectl":  {bare: true, operands: []string{"status"}},
		"timedatectl":  {bare: true, operands: []string{"status", "show", "list-timezones", "timesync-status", "show-timesync"}},
		"loginctl":     {bare: true, operands: []string{"list-sessions", "list-users", "list-seats", "session-status", "user-status", "seat-status", "show-session", "show-user", "show-seat"}},
		"scutil":       {firsts: []string{"--get", "--dns", "--proxy", "--nwi"}},
		"networksetup": {firsts: []string{"-version", "-help"}, prefixes: []string{"-list", "-get"}},
		"systemsetup":  {firsts: []string{"-version", "-help", "-printCommands"}, prefixes: []string{"-list", "-get"}},
		"pmset":        {firsts: []string{"-g"}},
	}
})

// systemSettingsRead reports whether a system settings tool only prints
// with these words, by settingsReads.
func systemSettingsRead(c *shell.Command, first string) bool {
	form := settingsReads.Get()[c.Program]
	if first == "" && len(form.operands) > 0 || len(c.Args) == 0 {
		return form.bare
	}
	if len(form.operands) > 0 {
		return contains(form.operands, first)
	}
	w := c.Args[0].Text
	if c.Args[0].Dynamic || containsWord(c, "--set", "--renew") {
		return false
	}
	if contains(form.firsts, w) {
		return true
	}
	for _, p := range form.prefixes {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// mountListing holds the options mount may be given and still only list
// the mounted file systems (mount -l -t ext4); the value of -t is a type.
var mountListing = []string{"-l", "--show-labels", "-t", "--types", "-v", "--verbose"}

// mountLists reports whether mount, given no device or folder, only
// lists: every word is a listing option or the type -t names.
func mountLists(c *shell.Command) bool {
	for k := 0; k < len(c.Args); k++ {
		t, _, _ := strings.Cut(c.Args[k].Text, "=")
		switch {
		case !contains(mountListing, t):
			return false
		case (t == "-t" || t == "--types") && !strings.Contains(c.Args[k].Text, "="):
			k++ // its value, a file system type
		}
	}
	return true
}

// ldconfigPrints reports whether ldconfig only prints its cache or its
// version: every word is -p, --print-cache, -V or --version. Any other
// word rebuilds the cache or writes the file or links it names.
func ldconfigPrints(c *shell.Command) bool {
	if len(c.Args) == 0 {
		return false
	}
	for _, a := range c.Args {
		switch a.Text {
		case "-p", "--print-cache", "-V", "--version":
		default:
			return false
		}
	}
	return true
}
