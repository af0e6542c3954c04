package fingerprint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// scopeFunc is a function of many statements, named name; edited, it has
// one more statement and one condition changed.
func scopeFunc(name string, edited bool) string {
	extra, cond := "", "it.size > limit"
	if edited {
		extra, cond = "\t\tit.seen = true\n", "it.size >= limit"
	}
	return fmt.Sprintf(`func %s(items []item, limit int) (int, error) {
	total := 0
	for i, it := range items {
		if %s {
			return 0, fmt.Errorf("item %%d: size %%d over %%d", i, it.size, limit)
		}
		if it.skip {
			continue
		}
%s		total += it.size * it.count
	}
	if total == 0 {
		return 0, errEmpty
	}
	log.Printf("total %%d", total)
	return total, nil
}
`, name, cond, extra)
}

// Two near copies in one file are found whatever else the run reads:
// with 70 files that each hold the first copy's code (renamed), no gram
// of the two is held by few enough units of the run to count (see
// nearscope.go), and the run over the whole found no class of the two,
// where the run over their file alone found one.
func TestNearInFileWhateverElse(t *testing.T) {
	o := opts()
	o.Near, o.Similarity = true, 0.8
	pair := "package p\n\n" + scopeFunc("sum", false) + "\n" + scopeFunc("sumSeen", true)
	want := "near a.go:3-19 a.go:21-38"
	alone := describe(Detect(indexSources(t, o.MinTokens, map[string]string{"a.go": pair}), o))
	if !slices.Contains(alone, want) {
		t.Fatalf("the file alone: %q, want %q among them", alone, want)
	}
	srcs := map[string]string{"a.go": pair}
	for i := range 70 {
		renamed := strings.NewReplacer("total", "acc", "items", "xs").Replace(scopeFunc(fmt.Sprintf("f%d", i), false))
		srcs[fmt.Sprintf("z/f%02d.go", i)] = "package z\n\n" + renamed
	}
	files := indexSources(t, o.MinTokens, srcs)
	if got := describe(Detect(files, o)); !slices.Contains(got, want) {
		t.Errorf("with 70 files of its code: %q, want %q among them", got, want)
	}
	if !files[0].NearWithin(o) {
		t.Errorf("%s: NearWithin false, want true", files[0].Name)
	}
	if files[1].NearWithin(o) {
		t.Errorf("%s: NearWithin true, want false", files[1].Name)
	}
}

// A file copied whole holds the near copies of its original: found in
// each file by its own counts, they are one class of the four copies, as
// a run over the two files alone finds it, not two classes of one text
// and one ID (each of which the editor, focused on its file, named with
// the ID the other has in a whole run).
func TestNearInFileCopied(t *testing.T) {
	o := opts()
	o.Near, o.Similarity = true, 0.8
	pair := "package p\n\n" + scopeFunc("sum", false) + "\n" + scopeFunc("sumSeen", true)
	srcs := map[string]string{"a.go": pair, "b.go": pair}
	for i := range 70 {
		renamed := strings.NewReplacer("total", "acc", "items", "xs").Replace(scopeFunc(fmt.Sprintf("f%d", i), false))
		srcs[fmt.Sprintf("z/f%02d.go", i)] = "package z\n\n" + renamed
	}
	files := indexSources(t, o.MinTokens, srcs)
	whole := Run(files, o).Classes
	var near []string
	for _, c := range whole {
		if c.Kind == Near {
			near = append(near, describe([]Class{c})[0])
		}
	}
	if want := []string{"near a.go:3-19 a.go:21-38 b.go:3-19 b.go:21-38"}; !slices.Equal(near, want) {
		t.Errorf("near classes %q, want %q", near, want)
	}
	for _, focus := range []string{"a.go", "b.go"} {
		var want []Class
		for _, c := range whole {
			if slices.ContainsFunc(c.Fragments, func(fr Fragment) bool { return fr.File == focus }) {
				want = append(want, c)
			}
		}
		got := RunFocused(files, o, []string{focus}).Classes
		ids := func(cs []Class) (s []string) {
			for _, c := range cs {
				s = append(s, c.ID)
			}
			return s
		}
		if !slices.Equal(ids(got), ids(want)) || !slices.Equal(describe(got), describe(want)) {
			t.Errorf("focused on %s: %q %q, want %q %q", focus, describe(got), ids(got), describe(want), ids(want))
		}
	}
}

// A run of statements pasted into an unlike function of the same file is
// found whatever else the run reads: with 10 files that hold the run's
// code, its keys are held by more units of the run than part keys may be,
// and only the file's own counts make them part keys.
func TestNearPartInFileWhateverElse(t *testing.T) {
	o := opts()
	o.Near, o.Similarity = true, 0.8
	run := func(edited bool) string {
		extra, cond := "", "n > limit"
		if edited {
			extra, cond = "\tcache.Put(path, sum)\n", "n >= limit"
		}
		return `	if limit <= 0 {
		limit = defaultLimit
	}
	n := len(items)
	if ` + cond + ` {
		log.Printf("trimming %d items to %d", n, limit)
		items = items[:limit]
	}
	sum := weigh(items)
	if sum == 0 {
		return 0, errEmpty
	}
` + extra + `	stats.Record("load", n, sum)
	log.Printf("total %d of %d", sum, n)
	return sum, nil
`
	}
	src := `package p

func load(path string, limit int) (int, error) {
	start := time.Now()
	defer metrics.Observe("load", start)
	names := strings.Split(path, ",")
	var items []item
	for _, name := range names {
		items = append(items, item{name: name})
	}
` + run(false) + `}

func fetch(ctx context.Context, path string, limit int) (int, error) {
	mu.Lock()
	defer mu.Unlock()
	items := cache[path]
	select {
	case <-ctx.Done():
		return 0, ctx.Err()
	default:
	}
` + run(true) + `}
`
	want := "near a.go:14-24 a.go:40-51"
	if alone := describe(Detect(indexSources(t, o.MinTokens, map[string]string{"a.go": src}), o)); !slices.Contains(alone, want) {
		t.Fatalf("the file alone: %q, want %q among them", alone, want)
	}
	srcs := map[string]string{"a.go": src}
	for i := range 10 {
		srcs[fmt.Sprintf("z/f%02d.go", i)] = fmt.Sprintf("package z\n\nfunc f%d(items []item, limit int) (int, error) {\n%s}\n", i, run(i%2 == 0))
	}
	if got := describe(Detect(indexSources(t, o.MinTokens, srcs), o)); !slices.Contains(got, want) {
		t.Errorf("with 10 files of its code: %q, want %q among them", got, want)
	}
}
