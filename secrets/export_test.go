package secrets

// InlineTexts are the texts of the inline table's test cases that hold a
// secret, for tests outside the package (the decision log's).
func InlineTexts() []string {
	var out []string
	for _, c := range inlineCases() {
		if c.kind != "" {
			out = append(out, c.text)
		}
	}
	return out
}
