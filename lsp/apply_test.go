package lsp

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/copycat-go/copycat/report"
)

// applyOneByOne is how apply applied a message's changes until
// 2026-12-06 (edits from the end towards the start aside, which it
// applied in one pass to the same text): each change to the text the
// ones before it left, its positions looked for from the top of that
// text. It is the reference apply is held to, errors included.
func applyOneByOne(text []byte, changes []contentChange) ([]byte, error) {
	owned := false
	for i, c := range changes {
		if c.Range == nil {
			text, owned = []byte(c.Text), true
			continue
		}
		start, line, err := offsetFrom(text, 0, 0, c.Range.Start)
		if err != nil {
			return nil, fmt.Errorf("change %d: start: %w", i, err)
		}
		// The end is looked for from the start's line.
		from, fromLine := 0, 0
		if c.Range.End.Line >= c.Range.Start.Line && line >= 0 {
			from, fromLine = line, c.Range.Start.Line
		}
		end, _, err := offsetFrom(text, from, fromLine, c.Range.End)
		if err != nil {
			return nil, fmt.Errorf("change %d: end: %w", i, err)
		}
		if end < start {
			return nil, fmt.Errorf("change %d: range ends before it starts", i)
		}
		if !owned {
			text, owned = slices.Clone(text), true
		}
		text = slices.Replace(text, start, end, []byte(c.Text)...)
	}
	return text, nil
}

// offset converts an LSP position (UTF-16 code units) into a byte offset
// in text. A character past the end of its line means the line's end, as
// the protocol asks. It and offsetFrom found apply's positions until
// 2026-12-06, as applyOneByOne's now.
func offset(text []byte, p position) (int, error) {
	off, _, err := offsetFrom(text, 0, 0, p)
	return off, err
}

// offsetFrom is offset with the search for p's line started at from, the
// start of line fromLine (at most p.Line). It also returns where p's line
// starts, or -1 for the line just past the last one, which is no place to
// search on from.
func offsetFrom(text []byte, from, fromLine int, p position) (off, lineStart int, err error) {
	if p.Line < 0 || p.Character < 0 {
		return 0, 0, fmt.Errorf("negative position %d:%d", p.Line, p.Character)
	}
	off = from
	for line := fromLine; line < p.Line; {
		// Far from the line, whole blocks are passed over by counting
		// their newlines, which is much faster than finding each one.
		if block := min(len(text)-off, 4096); p.Line-line > 64 && block > 0 {
			if n := bytes.Count(text[off:off+block], newline); line+n < p.Line {
				off, line = off+block, line+n
				continue
			}
		}
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			if line == p.Line-1 {
				return len(text), -1, nil // the line just past the last one
			}
			return 0, 0, fmt.Errorf("line %d is past the end (%s)", p.Line+1, report.Count(line+1, "line", "lines"))
		}
		off += i + 1
		line++
	}
	return off + column(text[off:], p.Character), off, nil
}

// checkApply fails t unless apply gives what applyOneByOne gives (the
// text, or the same error), and leaves text as it was; and so with
// pieces of at most 4 bytes, which make the text's few bytes many
// pieces, runes cut between two, and edits over several.
func checkApply(t testing.TB, text []byte, changes []contentChange) {
	t.Helper()
	kept := string(text)
	want, wantErr := applyOneByOne(text, changes)
	for _, size := range []int{maxPiece, 4} {
		b := buffer{size: size}
		got, err := b.apply(text, changes)
		if string(text) != kept {
			t.Fatalf("apply changed the text it was given: %q, was %q", text, kept)
		}
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || string(got) != string(want) {
			t.Fatalf("%q with %s, pieces of %d bytes:\ngot  %q, %v\nwant %q, %v", kept, describeChanges(changes), size, got, err, want, wantErr)
		}
		if err := checkTreap(b.root); err != nil {
			t.Fatalf("%q with %s, pieces of %d bytes: %v", kept, describeChanges(changes), size, err)
		}
	}
}

// checkTreap says what is wrong with p, if anything: a piece whose
// counts are not those of its text, a subtree's counts not the sum of
// its pieces', a piece of lower priority than a child.
func checkTreap(p *piece) error {
	if p == nil {
		return nil
	}
	for _, c := range []*piece{p.left, p.right} {
		if c != nil && c.priority > p.priority {
			return fmt.Errorf("piece %q below piece %q of lower priority", c.text, p.text)
		}
		if err := checkTreap(c); err != nil {
			return err
		}
	}
	if p.own != countsOf(p.text) || p.all != p.left.counts().plus(p.own).plus(p.right.counts()) {
		return fmt.Errorf("piece %q counts %v, of its subtree %v", p.text, p.own, p.all)
	}
	return nil
}

func describeChanges(changes []contentChange) string {
	var b strings.Builder
	for i, c := range changes {
		if i > 0 {
			b.WriteString(", ")
		}
		if c.Range == nil {
			fmt.Fprintf(&b, "all=%q", c.Text)
			continue
		}
		s, e := c.Range.Start, c.Range.End
		fmt.Fprintf(&b, "%d:%d-%d:%d=%q", s.Line, s.Character, e.Line, e.Character, c.Text)
	}
	return b.String()
}

// randomText is n runes and line ends, one in every newlineEvery a line
// end ("\n", "\r\n" or a lone "\r", which ends no line); the runes are
// ASCII, of two and three bytes, and past U+FFFF (two UTF-16 units);
// when bad, some are bytes that are not UTF-8: runes cut short, and the
// bytes that, put after them, make them whole.
func randomText(r *rand.Rand, n, newlineEvery int, bad bool) string {
	runes := []string{"a", "b", " ", "\t", "é", "€", "😀", "𝄞"}
	ends := []string{"\n", "\n", "\r\n", "\r"}
	if bad {
		runes = append(runes, "\xff", "\xf0\x9f", "\x98\x80", "\x80", "\xe2\x82", "\xac", "\xed\xa0\x80")
	}
	var b strings.Builder
	for range n {
		if r.IntN(newlineEvery) == 0 {
			b.WriteString(ends[r.IntN(len(ends))])
		} else {
			b.WriteString(runes[r.IntN(len(runes))])
		}
	}
	return b.String()
}

// randomChanges is a message of up to 12 changes to text, each at places
// of the text the ones before it leave: in any order, overlapping,
// past a line's end, now and then the whole text, a position past the
// end or negative, or a range that ends before it starts.
func randomChanges(r *rand.Rand, text string, bad bool) []contentChange {
	pos := func(cur string) position {
		lines := strings.Split(cur, "\n")
		var p position
		switch n := r.IntN(100); {
		case n < 2:
			p.Line = -1
		case n < 6:
			p.Line = len(lines) // the line just past the last one
		case n < 8:
			p.Line = len(lines) + 1 + r.IntN(3)
		case n < 10:
			p.Line = len(lines) - 1
		default:
			p.Line = r.IntN(len(lines))
		}
		width := 3
		if p.Line >= 0 && p.Line < len(lines) {
			width += len(utf16.Encode([]rune(lines[p.Line])))
		}
		switch n := r.IntN(100); {
		case n < 2:
			p.Character = -1
		case n < 4:
			p.Character = math.MaxInt
		case n < 20:
			p.Character = 0
		default:
			p.Character = r.IntN(width)
		}
		return p
	}
	cur := text
	changes := make([]contentChange, 1+r.IntN(12))
	for i := range changes {
		var c contentChange
		n := 1 + r.IntN(4)
		if r.IntN(20) == 0 {
			n = r.IntN(1500)
		}
		c.Text = randomText(r, n, 1+r.IntN(6), bad)
		if r.IntN(15) > 0 {
			start := pos(cur)
			end := start
			switch r.IntN(4) {
			case 0:
				// Now and then a range that ends before it starts.
				end = pos(cur)
				if (end.Line < start.Line || end.Line == start.Line && end.Character < start.Character) && r.IntN(8) > 0 {
					start, end = end, start
				}
			case 1:
				end.Character += r.IntN(4)
			case 2:
				end = position{start.Line + 1, r.IntN(3)}
			}
			c.Range = &lspRange{start, end}
		}
		changes[i] = c
		if next, err := applyOneByOne([]byte(cur), []contentChange{c}); err == nil {
			cur = string(next)
		}
	}
	return changes
}

// TestApplyMatchesOneByOne: random texts (valid UTF-8 or not, lines short
// and long, buffers of up to a few kilobytes) and random changes give
// what applying the changes one by one gives, error included.
func TestApplyMatchesOneByOne(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 6))
	for range 4000 {
		bad := r.IntN(4) == 0
		size, newlineEvery := r.IntN(80), 1+r.IntN(12)
		if r.IntN(8) == 0 {
			size, newlineEvery = 500+r.IntN(2500), 1+r.IntN(400)
		}
		text := randomText(r, size, newlineEvery, bad)
		checkApply(t, []byte(text), randomChanges(r, text, bad))
	}
}

// BenchmarkApplyRandomOrder: one didChange of 100,000 small edits (a
// character or two put in, taken out or replaced, a line broken) in no
// order, to a buffer of 2 MB.
func BenchmarkApplyRandomOrder(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 2<<20; i++ {
		fmt.Fprintf(&sb, "\tx%d := compute(%d, y) // a line of code\n", i, i)
	}
	lines := strings.Count(sb.String(), "\n")
	r := rand.New(rand.NewPCG(1, 2))
	changes := make([]contentChange, 100_000)
	for i := range changes {
		// Lines are only added: every line of the buffer is there.
		p := position{r.IntN(lines), r.IntN(40)}
		c := contentChange{Range: &lspRange{p, p}}
		switch r.IntN(4) {
		case 0:
			c.Text = "y"
		case 1:
			c.Range.End.Character += 2
		case 2:
			c.Range.End.Character += 3
			c.Text = "xy"
		case 3:
			c.Text = "\n\t"
		}
		changes[i] = c
	}
	benchChanges(b, sb.String(), changes)
}
