package report

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/words"
)

// A Baseline is the set of clone classes a project has accepted: CI then
// fails only on new copies.
//
// The file holds one line per class, sorted by class ID:
//
//	# copycat baseline v1: class ID, copies, kind
//	3f2a…c9 2 exact
//
// A class is known by its ID, the blake3 hash of its canonical tokens: it
// does not change when the code moves (to other lines or another file), is
// reformatted, or when code elsewhere is edited. Copies are counted rather
// than named by file and line, since a name would change with every move:
// a known class is reported again when it has more copies than the
// baseline says (someone pasted it once more). A copy removed in one place
// and added in another is a move and stays quiet. A class whose code is
// edited gets a new ID and is reported as new. The classes that a class
// holds (fingerprint.Class.Contained) have lines of their own, so that one
// reported again when the class around it loses a copy is known.
type Baseline struct {
	copies map[string]int
	kinds  map[string]string
}

// BaselineHeader is the first line of a baseline file.
const BaselineHeader = "# copycat baseline v1: class ID, copies, kind"

// NewBaseline records the classes of a run.
func NewBaseline(classes []fingerprint.Class) *Baseline {
	b := &Baseline{copies: map[string]int{}, kinds: map[string]string{}}
	for _, c := range classes {
		// Two classes of one content (an inconsistent renaming aside) add up.
		b.copies[c.ID] += len(c.Fragments)
		b.kinds[c.ID] = string(c.Kind)
		// The classes a class holds are known too: one of them is
		// reported again when the class around it loses a copy.
		for _, in := range c.Contained {
			b.copies[in.ID] = max(b.copies[in.ID], in.Copies)
			if b.kinds[in.ID] == "" {
				b.kinds[in.ID] = string(in.Kind)
			}
		}
	}
	return b
}

// ReadBaseline parses a baseline file. Its first line is BaselineHeader:
// an empty file, or one that starts otherwise, is an error, so that a
// file cut short or not written by copycat is not taken for "no clones
// accepted". After it, blank lines and lines starting with # are
// comments; a malformed line is an error naming its number.
func ReadBaseline(r io.Reader) (*Baseline, error) {
	b := &Baseline{copies: map[string]int{}, kinds: map[string]string{}}
	sc := bufio.NewScanner(r)
	if err := readHeader(sc); err != nil {
		return nil, err
	}
	n := 2
	for ; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 || !isHex(f[0]) {
			return nil, fmt.Errorf("baseline line %d: want \"class-id copies [kind]\", got %q", n, words.Excerpt(line))
		}
		k, err := strconv.Atoi(f[1])
		if err != nil || k < 1 {
			return nil, fmt.Errorf("baseline line %d: copies must be a positive number, got %q", n, words.Excerpt(f[1]))
		}
		// Lines of one class add up, short of overflowing: a count that
		// large means "any number of copies".
		b.copies[f[0]] += min(k, math.MaxInt-b.copies[f[0]])
		if len(f) > 2 {
			b.kinds[f[0]] = f[2]
		}
	}
	if err := sc.Err(); err != nil {
		return nil, scanError(n, err)
	}
	return b, nil
}

// scanError is the error of reading line n: one too long for the
// scanner names it ("bufio.Scanner: token too long" named nothing).
func scanError(n int, err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("baseline line %d: longer than the %d bytes a line may have", n, bufio.MaxScanTokenSize)
	}
	return fmt.Errorf("reading baseline: %w", err)
}

// readHeader reads the first line and checks that it is BaselineHeader.
func readHeader(sc *bufio.Scanner) error {
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return scanError(1, err)
		}
		return fmt.Errorf("empty baseline: want the first line %q", BaselineHeader)
	}
	// An editor that saves the file again may begin it with a byte order
	// mark (Notepad's UTF-8), and the line was no header: "got
	// "\ufeff# copycat baseline v1…"", the header it wants.
	line := strings.TrimPrefix(strings.TrimRight(sc.Text(), " \t\r"), "\ufeff")
	switch {
	case line == BaselineHeader:
		return nil
	case strings.HasPrefix(line, "\xff\xfe") || strings.HasPrefix(line, "\xfe\xff"):
		return errors.New("baseline line 1: the file is in UTF-16 (it begins with UTF-16's byte order mark), where a baseline is UTF-8 text, as copycat writes it")
	case strings.HasPrefix(line, "# copycat baseline "):
		return fmt.Errorf("baseline line 1: unknown baseline version %q, want %q", words.Excerpt(line), BaselineHeader)
	default:
		return fmt.Errorf("baseline line 1: not a copycat baseline: want the first line %q, got %q", BaselineHeader, words.Excerpt(line))
	}
}

func isHex(s string) bool {
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return s != ""
}

// Write writes the baseline sorted by class ID, one class per line.
func (b *Baseline) Write(w io.Writer) error {
	ids := make([]string, 0, len(b.copies))
	for id := range b.copies {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, BaselineHeader)
	for _, id := range ids {
		if k := b.kinds[id]; k != "" {
			fmt.Fprintf(bw, "%s %d %s\n", id, b.copies[id], k)
		} else {
			fmt.Fprintf(bw, "%s %d\n", id, b.copies[id])
		}
	}
	return bw.Flush()
}

// Len is the number of classes in the baseline.
func (b *Baseline) Len() int { return len(b.copies) }

// New returns the classes that are not in the baseline, and the known
// classes that have more copies now than the baseline holds. Classes
// sharing an ID are weighed together, as NewBaseline counts them.
func (b *Baseline) New(classes []fingerprint.Class) []fingerprint.Class {
	var out []fingerprint.Class
	for i, held := range b.holds(classes) {
		if !held {
			out = append(out, classes[i])
		}
	}
	return out
}

// holds reports, for each class, whether the baseline holds it with at
// least as many copies as the classes of its ID have now.
func (b *Baseline) holds(classes []fingerprint.Class) []bool {
	now := map[string]int{}
	for _, c := range classes {
		now[c.ID] += len(c.Fragments)
	}
	held := make([]bool, len(classes))
	for i, c := range classes {
		known, ok := b.copies[c.ID]
		held[i] = ok && now[c.ID] <= known
	}
	return held
}

// Mark marks the classes the baseline holds (Signal.LeftOut
// LeftBaseline), whatever else left them out: what a baseline holds was
// accepted. It returns how many it marked. A class the baseline holds
// with fewer copies than it has now is not marked: it grew, and its
// reason says so ("the baseline holds 2 of its copies"), or a reader
// of a class the baseline names would not know why it is back.
func (b *Baseline) Mark(classes []fingerprint.Class) int {
	n := 0
	for i, held := range b.holds(classes) {
		c := &classes[i]
		switch known, ok := b.copies[c.ID]; {
		case held:
			c.Signal.LeftOut = LeftBaseline
			n++
		case ok:
			grew := fmt.Sprintf("the baseline holds %d of its copies", known)
			if c.Signal.Reason != "" {
				grew = c.Signal.Reason + "; " + grew
			}
			c.Signal.Reason = grew
		}
	}
	return n
}

// Gone counts the baseline's classes that classes, a run's, neither are
// nor hold (fingerprint.Class.Contained): edited since, which gave them
// new IDs, or removed.
func (b *Baseline) Gone(classes []fingerprint.Class) int {
	found := map[string]bool{}
	for _, c := range classes {
		found[c.ID] = true
		for _, in := range c.Contained {
			found[in.ID] = true
		}
	}
	n := 0
	for id := range b.copies {
		if !found[id] {
			n++
		}
	}
	return n
}

// FragmentIDs names each fragment of each class by its class ID, its
// file (with forward slashes) and its rank, by place, among the fragments
// of classes of that ID in that file: "id:path/f.go:1". The name survives
// line moves inside the file and edits elsewhere; SARIF uses it as the
// alert's fingerprint, Code Climate as the issue's. Two classes may have
// one ID (the same code in two groups of copies that no renaming joins):
// ranking their fragments together keeps every name apart. ids[i][j]
// names fragment j of classes[i].
func FragmentIDs(classes []fingerprint.Class) [][]string {
	type at struct{ class, frag int }
	var all []at
	ids := make([][]string, len(classes))
	for i, c := range classes {
		ids[i] = make([]string, len(c.Fragments))
		for j := range c.Fragments {
			all = append(all, at{i, j})
		}
	}
	frag := func(x at) fingerprint.Fragment { return classes[x.class].Fragments[x.frag] }
	slices.SortStableFunc(all, func(a, b at) int {
		fa, fb := frag(a), frag(b)
		return cmp.Or(cmp.Compare(classes[a.class].ID, classes[b.class].ID), cmp.Compare(fa.File, fb.File),
			cmp.Compare(fa.Start.Line, fb.Start.Line), cmp.Compare(fa.Start.Column, fb.Start.Column),
			cmp.Compare(fa.End.Line, fb.End.Line), cmp.Compare(fa.End.Column, fb.End.Column))
	})
	rank := 0
	for k, x := range all {
		if k > 0 && (classes[all[k-1].class].ID != classes[x.class].ID || frag(all[k-1]).File != frag(x).File) {
			rank = 0
		}
		rank++
		ids[x.class][x.frag] = fmt.Sprintf("%s:%s:%d", classes[x.class].ID, filepath.ToSlash(frag(x).File), rank)
	}
	return ids
}
