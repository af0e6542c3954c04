package words

import "strings"

// Closest returns the words of names that word may be a slip for: those
// nearest to it by edit distance, at most 2 (and at most a third of the
// word's length, so that -x does not suggest -o and -q), or that it is a
// prefix of, or that are a prefix of it, when the shorter has three
// letters or more. They are in the order of names, at most three.
func Closest(word string, names []string) []string {
	best, found := 3, []string(nil)
	for _, n := range names {
		d := distance(word, n)
		if d > 2 || d > len(n)/3 {
			d = 3
		}
		short, long := word, n
		if len(short) > len(long) {
			short, long = long, short
		}
		if d == 3 && len(short) >= 3 && strings.HasPrefix(long, short) {
			d = 2
		}
		switch {
		case d < best:
			best, found = d, []string{n}
		case d == best && d < 3:
			found = append(found, n)
		}
	}
	return found[:min(len(found), 3)]
}

// DidYouMean is " (did you mean A?)", or " (did you mean A or B?)", for
// the words of names that word may be a slip for, compared in lower
// case (-format JSON); "" when there is none.
func DidYouMean(word string, names []string) string {
	s := Closest(strings.ToLower(word), names)
	if len(s) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(s, " or ") + "?)"
}

// distance is the optimal string alignment distance between a and b, in
// bytes (flag names are ASCII): the edits are inserting, deleting or
// changing a letter, and swapping two adjacent ones, so that lps is one
// edit from lsp, not two.
func distance(a, b string) int {
	// Three rows: the one before the previous is for swaps.
	before := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], before[j-2]+1)
			}
		}
		before, prev, cur = prev, cur, before
	}
	return prev[len(b)]
}
