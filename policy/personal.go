package policy

import (
	"net/url"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
)

// Personal data leaving the machine. The user's messages often name
// people: an email address, a phone number, an identity or card number.
// A web search or fetch that carries one of them sends it to a search
// engine or a web server (seed policy: transmitting sensitive data), so
// it needs the user's confirmation, with a reason that says what goes
// where.

// personalID is one piece of personal data found in the user's messages.
type personalID struct {
	kind string // "email address", "phone number", …
	norm string // the normalised form compared against outgoing text
}

// personalData asks when outgoing text (a search query, a URL) carries
// an identifier from the user's messages. dest names the receiver.
func (j *judgement) personalData(outgoing, dest string) {
	if outgoing == "" || len(j.call.Requests) == 0 {
		return
	}
	ids := personalIDs(strings.Join(j.call.Requests, "\n"))
	if len(ids) == 0 {
		return
	}
	if dest == "" {
		dest = "a web server"
	}
	out := outgoingForms(outgoing)
	for _, id := range ids {
		if carriesID(out, id) {
			j.fireWith(catalog.C1PersonalData, dest, "sends "+article(id.kind)+" from the user's messages ("+maskID(id)+") to "+dest+", where it leaves the machine; confirm that it may be shared")
			return
		}
	}
}

// outgoingForms returns the text as it is and URL-decoded, lower-cased.
func outgoingForms(s string) []string {
	forms := []string{strings.ToLower(s)}
	if dec, err := url.QueryUnescape(s); err == nil && dec != s {
		forms = append(forms, strings.ToLower(dec))
	}
	return forms
}

// carriesID reports whether any outgoing form holds the identifier.
func carriesID(forms []string, id personalID) bool {
	for _, f := range forms {
		switch id.kind {
		case "email address":
			if strings.Contains(f, id.norm) {
				return true
			}
		default:
			for _, run := range digitRuns(f) {
				if sameNumber(run, id.norm) {
					return true
				}
			}
		}
	}
	return false
}

// sameNumber compares two digit strings, allowing for a country code or
// trunk prefix present in only one of them.
func sameNumber(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	return len(b) >= 9 && strings.HasSuffix(a, b) && len(a)-len(b) <= 3
}

// personalIDs finds personal identifiers in text: email addresses, phone
// numbers and other long numbers written the way identity, tax and card
// numbers are (grouped digits: 123-45-6789, 4111 1111 1111 1111).
func personalIDs(text string) []personalID {
	var out []personalID
	for _, e := range emailAddresses(text) {
		out = append(out, personalID{"email address", e})
	}
	for _, run := range digitRunsGrouped(text) {
		kind := "phone number"
		switch {
		case len(run.digits) >= 13 && luhn(run.digits):
			kind = "card number"
		case run.grouped && len(run.digits) == 9 && strings.Count(run.text, "-") == 2:
			kind = "identity number"
		case !run.grouped && !run.plus:
			continue // a bare long number is more often an id, a port or a time
		}
		out = append(out, personalID{kind, run.digits})
	}
	return out
}

// emailAddresses finds email addresses, lower-cased.
func emailAddresses(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		if text[i] != '@' {
			continue
		}
		s := i
		for s > 0 && localChar(text[s-1]) {
			s--
		}
		e := i + 1
		for e < len(text) && domainChar(text[e]) {
			e++
		}
		local, domain := text[s:i], strings.TrimRight(text[i+1:e], ".-")
		if local == "" || !strings.Contains(domain, ".") || len(domain) < 4 {
			continue
		}
		tld := domain[strings.LastIndexByte(domain, '.')+1:]
		if len(tld) < 2 || strings.IndexFunc(tld, func(r rune) bool { return r < 'A' || r > 'z' || r > 'Z' && r < 'a' }) >= 0 {
			continue
		}
		out = append(out, strings.ToLower(local+"@"+domain))
	}
	return out
}

func localChar(c byte) bool {
	return identByte(c) || c == '.' || c == '+' || c == '-' || c == '%'
}

func domainChar(c byte) bool {
	return identByte(c) && c != '_' || c == '.' || c == '-'
}

// numberRun is a run of digits with the separators people write in
// phone and identity numbers.
type numberRun struct {
	text    string
	digits  string
	grouped bool // written with separators: 415-555-0134, (415) 555 0134
	plus    bool // written with a leading +: +44 20 7946 0958
}

// digitRunsGrouped finds numbers of 9 to 19 digits written with the
// separators of phone and identity numbers.
func digitRunsGrouped(text string) []numberRun {
	var out []numberRun
	for i := 0; i < len(text); {
		if !digitByte(text[i]) {
			i++
			continue
		}
		s := i
		plus := s > 0 && text[s-1] == '+' || s > 1 && text[s-1] == '(' && text[s-2] == '+'
		var digits strings.Builder
		grouped := false
		e := i
		for e < len(text) {
			c := text[e]
			switch {
			case digitByte(c):
				digits.WriteByte(c)
				e++
				continue
			case (c == '-' || c == ' ' || c == ')' || c == '(') && e+1 < len(text) && (digitByte(text[e+1]) || text[e+1] == ' ' || text[e+1] == '('):
				grouped = true
				e++
				continue
			}
			break
		}
		if n := digits.Len(); n >= 9 && n <= 19 && !(s > 0 && (identByte(text[s-1]) || text[s-1] == '.')) && !dateLike(text[s:e]) {
			out = append(out, numberRun{text: text[s:e], digits: digits.String(), grouped: grouped, plus: plus})
		}
		i = e
	}
	return out
}

// dateLike reports a run that starts as a date: 2024-05-06 12:30.
func dateLike(s string) bool {
	return len(s) >= 10 && (s[:2] == "19" || s[:2] == "20") && s[4] == '-' && s[7] == '-'
}

// digitRuns returns the numbers in outgoing text, separators dropped.
func digitRuns(text string) []string {
	var out []string
	for _, r := range digitRunsGrouped(text) {
		out = append(out, r.digits)
	}
	return out
}

func digitByte(c byte) bool { return c >= '0' && c <= '9' }

// luhn reports whether digits pass the card-number checksum.
func luhn(digits string) bool {
	sum := 0
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if (len(digits)-i)%2 == 0 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

// maskID shows enough of an identifier to recognise it, not to copy it.
func maskID(id personalID) string {
	if id.kind == "email address" {
		local, domain, _ := strings.Cut(id.norm, "@")
		return local[:1] + "…@" + domain
	}
	return "…" + id.norm[len(id.norm)-4:]
}
