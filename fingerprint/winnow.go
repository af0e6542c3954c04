package fingerprint

// Near-miss candidates are found through shared k-grams of canonical
// tokens. Keeping every k-gram would cost a hash per token; winnowing keeps
// the minimum hash of every window of winnowWindow consecutive k-grams, a
// fraction of about 2/(winnowWindow+1) of them, and still guarantees that
// any run of gramSize+winnowWindow-1 shared tokens yields a shared gram.
const (
	gramSize     = 10
	winnowWindow = 12
)

// A gram is a winnowed k-gram: its first token and its hash.
type gram struct {
	pos int32
	h   uint64
}

// winnow selects the file's k-gram fingerprints.
func (ix *Indexer) winnow() {
	n := len(ix.ts.codes) - gramSize + 1
	if n <= 0 {
		return
	}
	ix.grams = ix.grams[:0]
	for i := range n {
		ix.grams = append(ix.grams, mix(ix.spanHash(int32(i), int32(i+gramSize))))
	}
	var out []gram
	last := -1
	for start := 0; start+winnowWindow <= n || start == 0; start++ {
		end := min(start+winnowWindow, n)
		m := start
		for i := start + 1; i < end; i++ {
			if ix.grams[i] <= ix.grams[m] {
				m = i
			}
		}
		if m != last {
			out = append(out, gram{int32(m), ix.grams[m]})
			last = m
		}
		if end == n {
			break
		}
	}
	ix.file.grams = out
}
