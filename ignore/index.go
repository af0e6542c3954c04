package ignore

// A List of many rules is indexed, so that a path is tested only against
// the rules that can match it rather than against every rule (80,000
// rules over 10,000 files were 800 million tests). Each rule is filed
// under one key that every text it matches holds:
//
//   - a rule without wildcards, under its whole text ("x.go", "/gen/a.go");
//   - else under its literal head or tail ("gen_*", "*.pb.go"), cut to
//     keyMax bytes, which a text starts or ends with;
//   - else, or when its head and tail are shared by many rules and one of
//     its inner literal runs is not ("f*123*x.go"), under a gramLen-byte
//     window of such a run, which a text holds somewhere;
//   - a rule with none of these ("*", "?[a-c]*") is tested always.
//
// A lookup gathers the buckets of the keys a text holds and tests their
// rules from the last down, only those after the last match found so
// far: the last matching rule wins, as without the index.

// indexMin is the fewest rules a List indexes: for fewer, testing each
// rule (a comparison of its head and tail, mostly) costs less than the
// lookups.
const indexMin = 32

const (
	keyMax  = 16 // the most bytes of a head or tail key
	gramLen = 3  // the bytes of an inner key
	// gramsMax is the most inner keys a rule is considered under.
	gramsMax = 16
)

// A bucket is the rules filed under one key, by index, ascending.
type bucket struct{ rules []int32 }

// A side indexes the rules matched against one text: the name of a path
// (rules without '/') or the whole path below the list's directory.
type side struct {
	exact    map[string]*bucket
	head     map[string]*bucket
	tail     map[string]*bucket
	gram     map[string]*bucket
	headLens []int   // the lengths of head's keys, each once
	tailLens []int   // of tail's
	always   []int32 // the rules no key holds
}

// An index is a List's rules by key, for names and for paths.
type index struct{ name, path side }

type keyKind uint8

const (
	kExact keyKind = iota
	kHead
	kTail
	kGram
)

type key struct {
	kind keyKind
	s    string
}

// keys appends to ks the keys a rule of pattern p may be filed under: its
// whole text, or its head, its tail and the windows of its inner literal
// runs (at most gramsMax of them).
func keys(ks []key, p *pattern) []key {
	if len(p.mid) == 0 {
		return append(ks, key{kExact, p.prefix})
	}
	if p.prefix != "" {
		ks = append(ks, key{kHead, p.prefix[:min(len(p.prefix), keyMax)]})
	}
	if p.suffix != "" {
		ks = append(ks, key{kTail, p.suffix[len(p.suffix)-min(len(p.suffix), keyMax):]})
	}
	grams := 0
	var run []byte
	flush := func() {
		for i := 0; i+gramLen <= len(run) && grams < gramsMax; i++ {
			g := key{kGram, string(run[i : i+gramLen])}
			dup := false
			for _, k := range ks {
				dup = dup || k == g
			}
			if !dup {
				ks = append(ks, g)
				grams++
			}
		}
		run = run[:0]
	}
	for _, t := range p.mid {
		// A byte of a "**/" group may be matched by nothing; the
		// automaton's other tokens read bytes no key knows.
		if t.op == opByte && !t.inGroup {
			run = append(run, t.b)
		} else {
			flush()
		}
	}
	flush()
	return ks
}

// newIndex files each rule under the key of its own that the fewest rules
// share, preferring its head or tail to an inner key (looked up at every
// offset of a text) unless that is shared by four times as many.
func newIndex(rules []rule) *index {
	count := make(map[key]int)
	var ks []key
	for i := range rules {
		ks = keys(ks[:0], &rules[i].pat)
		for _, k := range ks {
			count[k]++
		}
	}
	ix := &index{}
	for i := range rules {
		r := &rules[i]
		sd := &ix.name
		if r.inPath {
			sd = &ix.path
		}
		ks = keys(ks[:0], &r.pat)
		best, bestN := -1, 0 // the head, tail or whole text shared least
		gram, gramN := -1, 0 // the inner key shared least
		for j, k := range ks {
			n := count[k]
			if k.kind == kGram {
				if gram < 0 || n < gramN {
					gram, gramN = j, n
				}
			} else if best < 0 || n < bestN || (n == bestN && len(k.s) > len(ks[best].s)) {
				best, bestN = j, n
			}
		}
		if gram >= 0 && (best < 0 || 4*gramN < bestN) {
			best = gram
		}
		if best < 0 {
			sd.always = append(sd.always, int32(i))
			continue
		}
		sd.file(ks[best], int32(i))
	}
	return ix
}

// file adds rule i to the bucket of k.
func (sd *side) file(k key, i int32) {
	var m *map[string]*bucket
	var lens *[]int
	switch k.kind {
	case kExact:
		m = &sd.exact
	case kHead:
		m, lens = &sd.head, &sd.headLens
	case kTail:
		m, lens = &sd.tail, &sd.tailLens
	case kGram:
		m = &sd.gram
	}
	if *m == nil {
		*m = make(map[string]*bucket)
	}
	b := (*m)[k.s]
	if b == nil {
		b = &bucket{}
		(*m)[k.s] = b
		if lens != nil && !containsInt(*lens, len(k.s)) {
			*lens = append(*lens, len(k.s))
		}
	}
	b.rules = append(b.rules, i)
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// A search is one lookup: the last rule found to match so far, and the
// work done (keys looked up and rules tested).
type search struct {
	rules []rule
	isDir bool
	best  int32
	work  int
	// seen holds the inner-key buckets already tested, as a text may
	// hold one window many times ("aaaa…"); more, past the first few.
	seen  [16]*bucket
	nseen int
	more  map[*bucket]bool
}

// match is List.matchBelow with the index: name is the last element of
// rel, which is relative to the list's directory.
func (ix *index) match(rules []rule, name, rel string, isDir bool) (decided, ignored bool, work int) {
	s := search{rules: rules, isDir: isDir, best: -1}
	s.side(&ix.name, name)
	s.side(&ix.path, rel)
	if s.best < 0 {
		return false, false, s.work
	}
	return true, !rules[s.best].negate, s.work
}

// side tests text against the rules of sd that can match it.
func (s *search) side(sd *side, text string) {
	if sd.exact != nil {
		s.work++
		s.test(sd.exact[text], text)
	}
	for _, n := range sd.headLens {
		if n <= len(text) {
			s.work++
			s.test(sd.head[text[:n]], text)
		}
	}
	for _, n := range sd.tailLens {
		if n <= len(text) {
			s.work++
			s.test(sd.tail[text[len(text)-n:]], text)
		}
	}
	if sd.gram != nil {
		for i := 0; i+gramLen <= len(text); i++ {
			s.work++
			if b := sd.gram[text[i:i+gramLen]]; b != nil && s.first(b) {
				s.test(b, text)
			}
		}
	}
	s.testAll(sd.always, text)
}

// first reports whether b is met for the first time in this search.
func (s *search) first(b *bucket) bool {
	for _, o := range s.seen[:s.nseen] {
		if o == b {
			return false
		}
	}
	if s.nseen < len(s.seen) {
		s.seen[s.nseen] = b
		s.nseen++
		return true
	}
	if s.more[b] {
		return false
	}
	if s.more == nil {
		s.more = make(map[*bucket]bool)
	}
	s.more[b] = true
	return true
}

func (s *search) test(b *bucket, text string) {
	if b != nil {
		s.testAll(b.rules, text)
	}
}

// testAll tests text against rules, an ascending list of rule indexes,
// from the last down to the first after the best match so far, and stops
// at the first that matches.
func (s *search) testAll(rules []int32, text string) {
	for i := len(rules) - 1; i >= 0 && rules[i] > s.best; i-- {
		r := &s.rules[rules[i]]
		if r.dirOnly && !s.isDir {
			continue
		}
		s.work++
		if r.pat.match(text) {
			s.best = rules[i]
			return
		}
	}
}
