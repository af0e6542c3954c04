package fingerprint

import (
	"cmp"
	"slices"
)

// A Kind says how the fragments of a class relate.
type Kind string

const (
	// Exact fragments have the same tokens, names and values.
	Exact Kind = "exact"
	// Renamed fragments have the same canonical tokens, and their names
	// differ by a consistent renaming; literal values may differ.
	Renamed Kind = "renamed"
	// Near fragments are similar above the similarity threshold, with
	// statements or tokens added, removed or changed.
	Near Kind = "near"
)

// A Class is a set of fragments that are copies of each other.
type Class struct {
	ID         string  // blake3 hex of the class's content
	Kind       Kind    // exact, renamed or near
	Similarity float64 // 1 for exact and renamed
	Tokens     int     // canonical tokens of the first fragment
	Lines      int     // lines of the first fragment
	Fragments  []Fragment
}

// A Fragment is one copy: a function declaration or a run of whole
// statements of one block.
type Fragment struct {
	File   string
	Start  Position // first character
	End    Position // just past the last character
	Tokens int
	// Differs lists the lines of this fragment that differ from the
	// class's first fragment: renamed names, changed values, edited lines.
	// It is empty for the first fragment and for exact classes.
	Differs []LineRange
}

// A Position is a 1-based line and column (in bytes).
type Position struct{ Line, Column int }

// A LineRange is an inclusive range of 1-based lines.
type LineRange struct{ Start, End int }

// Lines is the number of lines the fragment spans.
func (f Fragment) Lines() int { return f.End.Line - f.Start.Line + 1 }

func comparePositions(a, b Position) int {
	return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
}

func compareFragments(a, b Fragment) int {
	return cmp.Or(cmp.Compare(a.File, b.File), comparePositions(a.Start, b.Start), comparePositions(a.End, b.End))
}

// sortClasses puts fragments in file order and classes in the order of
// their first fragments, so that output never depends on scheduling.
func sortClasses(classes []Class) {
	for i := range classes {
		slices.SortFunc(classes[i].Fragments, compareFragments)
	}
	slices.SortFunc(classes, func(a, b Class) int {
		return cmp.Or(compareFragments(a.Fragments[0], b.Fragments[0]),
			cmp.Compare(b.Tokens, a.Tokens), cmp.Compare(a.ID, b.ID))
	})
}

// Stats summarises a run.
type Stats struct {
	Files           int
	Lines           int
	Tokens          int
	Classes         int
	Fragments       int
	DuplicatedLines int // distinct lines inside at least one fragment
}

// Summarise computes the statistics of a run over files that found classes.
func Summarise(files []*File, classes []Class) Stats {
	s := Stats{Files: len(files), Classes: len(classes)}
	for _, f := range files {
		s.Lines += f.Lines
		s.Tokens += f.Tokens
	}
	byFile := map[string][]LineRange{}
	for _, c := range classes {
		s.Fragments += len(c.Fragments)
		for _, fr := range c.Fragments {
			byFile[fr.File] = append(byFile[fr.File], LineRange{fr.Start.Line, fr.End.Line})
		}
	}
	for _, rs := range byFile {
		s.DuplicatedLines += CoveredLines(rs)
	}
	return s
}

// CoveredLines counts the distinct lines in a set of ranges; it sorts rs.
func CoveredLines(rs []LineRange) int {
	slices.SortFunc(rs, func(a, b LineRange) int { return cmp.Compare(a.Start, b.Start) })
	n, end := 0, 0
	for _, r := range rs {
		if r.Start > end {
			n += r.End - r.Start + 1
		} else if r.End > end {
			n += r.End - end
		}
		end = max(end, r.End)
	}
	return n
}
