package fingerprint

import (
	"path"
	"slices"
	"strings"
)

// A string that still names the twin's variant: a copy made for another
// variant (a package, a file or a function of another name) renamed the
// variant's word in one string and kept it in another. Cortex's parquet
// converter, copied from the compactor, names its ring
// "parquet-converter" where the compactor says "compactor", and still
// fails with "unable to initialize compactor ring". StepString and
// StepNamePart find a string that names the twin's function; this finds
// one that names its variant, whatever names the variant.
//
// A copy's variant words are the words (four letters or more, split at
// capitals, digits and punctuation, in lower case) of its package
// directory, its file and its function, less the twin's. A copy renamed
// a twin's word w when a string matched between the copies differs, the
// twin's holding w and the copy's one of its own words and not w. A
// string the same in both copies that holds w and none of the copy's own
// words names the twin's variant in the copy (DriftUnrenamed,
// StepVariant).
//
// Read blind before it was built (reading 58, bench/readings): over 472
// modules the rule, as a script on copycat's reports, found 17 classes;
// readers filed 4 as a bug (Loki's section reader naming the metadata
// section in the data section's, go-jose's sign command failing with
// "encrypt", FerretDB's checkAuth wrapping its errors as Conn.Ping,
// go-mysql-server's exponential distribution table rejecting its
// arguments as normal_dist's): 24%, as drifts read, and the classes read
// actionable twice as often as their modules' others (68%, against 31%).
// As StepNamePart, test files are left out.
//
// A record stands for a file's bytes, not its name, so the Indexer keeps
// the word hashes of each function's name and of each string literal
// inside a function (File.fnWords, File.strWords); the words of the
// package directory and the file come from File.Name at detection.

// A tokWord is a word's hash at a token: a string literal holding the
// word, or a function declaration's first token and a word of its name.
type tokWord struct {
	tok  int32
	word uint64
}

// minVariantWord is the fewest letters a variant word has: shorter words
// (get, set, key, id) stand in many strings by chance.
const minVariantWord = 4

// goWords are the words of Go's keywords and predeclared names that a
// variant word can be: a message about Go's syntax or types says them
// whatever the variant (the compiler's commClause, copied from
// caseClause, rightly expects "case or default").
var goWords = func() map[uint64]bool {
	m := map[uint64]bool{}
	for _, w := range strings.Fields("break case chan const continue default defer else fallthrough func goto " +
		"import interface range return select struct switch type bool byte complex error float rune string uint uintptr " +
		"append bytes cap clear close copy delete imag len make max min new panic print println real recover true false nil iota any comparable") {
		if len(w) >= minVariantWord {
			m[wordHash([]byte(w))] = true
		}
	}
	return m
}()

// wordHash is the hash of w, a word in lower case, less a plural's s (but
// of ss): a copy for DeleteObjects renamed StatObject's words, and a
// message of both about a client "object" named the twin's variant.
func wordHash(w []byte) uint64 {
	if n := len(w); n > 1 && w[n-1] == 's' && w[n-2] != 's' {
		w = w[:n-1]
	}
	return hashBytes(w)
}

// eachWord calls fn with the hash (wordHash) of each word of s of
// minVariantWord letters or more, in lower case: the runs of letters,
// split before a capital that follows a lower-case letter and before the
// last capital of a run of them that a lower-case letter follows
// (HTTPServer is http and server, ParquetConverter parquet and
// converter).
func eachWord(s []byte, fn func(h uint64)) {
	var buf [64]byte
	var words [32][2]int
	for _, r := range appendNameWords(words[:0], s) {
		w := s[r[0]:r[1]]
		if len(w) < minVariantWord || len(w) > len(buf) {
			continue
		}
		lw := buf[:len(w)]
		for i, c := range w {
			lw[i] = lower(c)
		}
		fn(wordHash(lw))
	}
}

// appendNameWords appends to out the byte ranges of name's words: its
// runs of letters, split before a capital that follows a small letter or
// that starts a word after an acronym (HTTPServer: HTTP, Server).
func appendNameWords[S ~string | ~[]byte](out [][2]int, name S) [][2]int {
	start := -1
	for i := 0; i <= len(name); i++ {
		letter := i < len(name) && isLetter(name[i])
		switch {
		case !letter:
			if start >= 0 {
				out = append(out, [2]int{start, i})
			}
			start = -1
		case start < 0:
			start = i
		case isUpper(name[i]) && (!isUpper(name[i-1]) || i+1 < len(name) && isLetter(name[i+1]) && !isUpper(name[i+1])):
			out = append(out, [2]int{start, i})
			start = i
		}
	}
	return out
}

func isUpper(c byte) bool  { return 'A' <= c && c <= 'Z' }
func isLetter(c byte) bool { return isUpper(c) || 'a' <= c && c <= 'z' }

func lower(c byte) byte {
	if isUpper(c) {
		return c + 'a' - 'A'
	}
	return c
}

// markWords records the words of fn, the function declaration whose
// first token is t0, and of the string literals among its tokens, strs.
func (ix *Indexer) markWords(t0 int32, strs []int32, fn string) {
	eachWord([]byte(fn), func(h uint64) { ix.file.fnWords = append(ix.file.fnWords, tokWord{t0, h}) })
	offs := ix.ts.offs
	for _, t := range strs {
		off := int(offs[t])
		eachWord(ix.src[off:stringEnd(ix.src, off)], func(h uint64) {
			ix.file.strWords = append(ix.file.strWords, tokWord{t, h})
		})
	}
}

// wordsAt returns the words ws holds at token t; ws is sorted by token.
func wordsAt(ws []tokWord, t int32) []tokWord {
	i, _ := slices.BinarySearchFunc(ws, t, func(w tokWord, t int32) int { return int(w.tok - t) })
	j := i
	for j < len(ws) && ws[j].tok == t {
		j++
	}
	return ws[i:j]
}

// variantWords returns the words of s's variant: of its file's
// directory, its file's name and its function's name, but Go's own
// (goWords).
func (d *detector) variantWords(s span) map[uint64]bool {
	f := d.files[s.file]
	words := map[uint64]bool{}
	add := func(h uint64) { words[h] = true }
	name := strings.ReplaceAll(f.Name, `\`, "/")
	eachWord([]byte(path.Base(path.Dir(name))), add)
	eachWord([]byte(strings.TrimSuffix(path.Base(name), ".go")), add)
	if _, _, fn, ok := d.funcName(s); ok {
		for _, w := range wordsAt(f.fnWords, f.units[fn].tok0) {
			add(w.word)
		}
	}
	for w := range words {
		if goWords[w] {
			delete(words, w)
		}
	}
	return words
}

// wordsOf returns the set of the words of ws.
func wordsOf(ws []tokWord) map[uint64]bool {
	set := make(map[uint64]bool, len(ws))
	for _, w := range ws {
		set[w.word] = true
	}
	return set
}

// holdsWord reports whether the words of ws are in set, one at least.
func holdsWord(ws []tokWord, set map[uint64]bool) bool {
	return slices.ContainsFunc(ws, func(w tokWord) bool { return set[w.word] })
}

// variantSlips finds the strings, matched between al's copies and the
// same in both, that name in one copy a word of its twin's variant that
// the copy renamed in another string (see above). A nil al.match is the
// identity: the copies of a renamed class.
func (d *detector) variantSlips(al alignment) (forA, forB []Drift) {
	fa, fb := d.files[al.a.file], d.files[al.b.file]
	if fa.test || fb.test || len(fa.strWords) == 0 || len(fb.strWords) == 0 {
		return nil, nil
	}
	// A slip needs a string the copies changed and one they share: most
	// pairs have not both, and their variants' words are not looked up.
	pairs := d.matchedStrings(al)
	same := make([]bool, len(pairs))
	changed := 0
	for i, p := range pairs {
		same[i] = p.va == p.vb
		if !same[i] {
			changed++
		}
	}
	if changed == 0 || changed == len(pairs) {
		return nil, nil
	}
	wa, wb := d.variantWords(al.a), d.variantWords(al.b)
	onlyA, onlyB := map[uint64]bool{}, map[uint64]bool{}
	for w := range wa {
		if !wb[w] {
			onlyA[w] = true
		}
	}
	for w := range wb {
		if !wa[w] {
			onlyB[w] = true
		}
	}
	if len(onlyA) == 0 || len(onlyB) == 0 {
		return nil, nil
	}
	// The twin's words each copy renamed: renamedByB are a's words that b
	// replaced with its own in a string, renamedByA b's that a replaced.
	// Each string's words are looked up in a set of the other's: two
	// strings of 64,000 words, each word scanning the other string,
	// took 6.7 s.
	renamedByA, renamedByB := map[uint64]bool{}, map[uint64]bool{}
	looked := 0 // the words looked up (Work.DriftLookups)
	defer func() { counter(&d.work.DriftLookups, int64(looked)) }()
	for i, p := range pairs {
		sa, sb := wordsAt(fa.strWords, p.ta), wordsAt(fb.strWords, p.tb)
		if same[i] {
			continue
		}
		looked += len(sa) + len(sb)
		if !holdsWord(sa, onlyA) || !holdsWord(sb, onlyB) {
			continue
		}
		inA, inB := wordsOf(sa), wordsOf(sb)
		for _, w := range sa {
			if onlyA[w.word] && !inB[w.word] {
				renamedByB[w.word] = true
			}
		}
		for _, w := range sb {
			if onlyB[w.word] && !inA[w.word] {
				renamedByA[w.word] = true
			}
		}
	}
	if len(renamedByA)+len(renamedByB) == 0 {
		return nil, nil
	}
	for i, p := range pairs {
		if !same[i] {
			continue
		}
		s := wordsAt(fa.strWords, p.ta) // the same words in b's string
		looked += len(s)
		switch {
		case holdsWord(s, renamedByB) && !holdsWord(s, onlyB):
			forB = nextLine(forB, Drift{Kind: DriftUnrenamed, Step: StepVariant, Lines: fb.tokenLineRange(p.tb), TwinLines: fa.tokenLineRange(p.ta)})
		case holdsWord(s, renamedByA) && !holdsWord(s, onlyA):
			forA = nextLine(forA, Drift{Kind: DriftUnrenamed, Step: StepVariant, Lines: fa.tokenLineRange(p.ta), TwinLines: fb.tokenLineRange(p.tb)})
		}
	}
	return forA, forB
}
