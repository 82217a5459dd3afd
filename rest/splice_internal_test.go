package rest

// SetSplicing turns the splicing of cached renderings into REST bodies on
// or off, for TestSplicedContent (an external test).
func SetSplicing(on bool) { noSplicing.Store(!on) }
