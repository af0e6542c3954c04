package directive

// A directive without a reason is malformed: it is reported, and it does
// not apply, so the copies below are reported too.

// want +2 `malformed //copycat:ignore directive: a reason is required`
//
//copycat:ignore
func noReason(s []string) string { // want `duplicate of directive/b.go:23-34 \(renamed, \d+ tokens, 2 copies\)`
	out := ""
	for i, w := range s {
		if i > 0 {
			out += " "
		} else {
			out += "> "
		}
		out += w
	}
	return out
}

//copycat:ignor typo // want `unknown directive //copycat:ignor`
func typo(words []string) string { // want `duplicate of directive/b.go:9-20 \(renamed, \d+ tokens, 2 copies\)`
	res := ""
	for j, v := range words {
		if j > 0 {
			res += " "
		} else {
			res += "> "
		}
		res += v
	}
	return res
}
