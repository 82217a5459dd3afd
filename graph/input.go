package graph

// deref0 is the value of an optional string argument, "" when absent.
func deref0(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// truncate cuts s to at most n characters (a title made from longer text).
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
