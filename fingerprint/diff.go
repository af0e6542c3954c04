package fingerprint

// A differ aligns two canonical token sequences with Myers' O(ND)
// algorithm, giving up once the edit distance passes a bound: for
// similarity at least θ, D ≤ (1-θ)(|a|+|b|), so verification costs
// O((|a|+|b|)·D) and dissimilar pairs exit early. Its buffers are reused
// from call to call; it is not safe for concurrent use.
type differ struct {
	v     []int32   // furthest x on each diagonal k, at v[k+off]
	trace [][]int32 // v after each round d, for the backtrack
	match []int32   // match[x] = y, or -1: the alignment of a against b
}

// align returns, for each index of a, the index of b it is matched with
// (or -1), such that the matches are a longest common subsequence; ok is
// false if more than maxD insertions and deletions separate a and b.
func (df *differ) align(a, b []byte, maxD int) (match []int32, ok bool) {
	n, m := int32(len(a)), int32(len(b))
	off := int32(maxD + 1)
	size := 2*off + 1
	if cap(df.v) < int(size) {
		df.v = make([]int32, size)
	}
	v := df.v[:size]
	v[off+1] = 0
	df.trace = df.trace[:0]
	for d := int32(0); d <= int32(maxD); d++ {
		for k := -d; k <= d; k += 2 {
			var x int32
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // a step down: b[y] inserted
			} else {
				x = v[off+k-1] + 1 // a step right: a[x] deleted
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				df.save(v, d)
				return df.backtrack(n, m, d, off), true
			}
		}
		df.save(v, d)
	}
	return nil, false
}

func (df *differ) save(v []int32, d int32) {
	if int(d) < cap(df.trace) {
		df.trace = df.trace[:d+1]
		df.trace[d] = append(df.trace[d][:0], v...)
		return
	}
	df.trace = append(df.trace, append([]int32(nil), v...))
}

// backtrack walks the saved rounds from (n, m) back to (0, 0), recording
// the diagonal runs as matches.
func (df *differ) backtrack(n, m, d, off int32) []int32 {
	if cap(df.match) < int(n) {
		df.match = make([]int32, n)
	}
	match := df.match[:n]
	for i := range match {
		match[i] = -1
	}
	x, y := n, m
	for ; d > 0; d-- {
		prev := df.trace[d-1]
		k := x - y
		var pk int32
		if k == -d || k != d && prev[off+k-1] < prev[off+k+1] {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := prev[off+pk]
		py := px - pk
		// the snake after the edit: from the edit's end to (x, y)
		sx, sy := px, py
		if pk == k+1 {
			sy++ // the insertion moved down
		} else {
			sx++ // the deletion moved right
		}
		for x > sx && y > sy {
			x, y = x-1, y-1
			match[x] = y
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		match[x] = y
	}
	return match
}
