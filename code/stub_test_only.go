package code

func analyzeJavaScript(a *analysis, src string) {}
func analyzeAwk(a *analysis, src string)        {}
func analyzeSed(a *analysis, src string)        {}
