// Package renamed holds a copy whose names were consistently renamed.
package renamed

func countWords(text string) map[string]int { // want `duplicate of renamed/a.go:18-30 \(renamed, \d+ tokens, 2 copies\)`
	counts := map[string]int{}
	word := ""
	for _, r := range text {
		if r == ' ' {
			counts[word]++
			word = ""
			continue
		}
		word += string(r)
	}
	return counts
}

func countRunes(s string) map[string]int { // want `duplicate of renamed/a.go:4-16 \(renamed, \d+ tokens, 2 copies\)`
	seen := map[string]int{}
	cur := ""
	for _, c := range s {
		if c == '.' {
			seen[cur]++
			cur = ""
			continue
		}
		cur += string(c)
	}
	return seen
}
