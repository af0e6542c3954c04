package fingerprint

import (
	"fmt"
	"reflect"
	"runtime"
	"testing"
	"unsafe"

	"github.com/copycat-go/copycat/internal/spill"
)

// recording is an Allocator that keeps what it gave.
type recording struct {
	a    *spill.Arena
	bufs [][]byte
}

func (r *recording) Alloc(n int) []byte {
	b := r.a.Alloc(n)
	if b != nil {
		r.bufs = append(r.bufs, b)
	}
	return b
}

// inside reports whether p points into one of the buffers given.
func (r *recording) inside(p uintptr) bool {
	for _, b := range r.bufs {
		start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
		if p >= start && p < start+uintptr(len(b)) {
			return true
		}
	}
	return false
}

// MoveTables moves every table of a File, and detection over moved files
// (after collections, which must not touch them) finds what it finds over
// files on the heap.
func TestMoveTables(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("spilling is built for Linux only")
	}
	a := spill.New(t.TempDir(), 0)
	defer a.Close()
	rec := &recording{a: a}
	files := stdFiles(t, 50)
	moved := make([]*File, len(files))
	for i, f := range files {
		moved[i] = roundTrip(t, f) // a copy of its own, on the heap
		moved[i].MoveTables(rec)
		if !sameFile(f, moved[i]) {
			t.Fatalf("%s: moved tables differ", f.Name)
		}
	}
	// Every slice of a File but its encoded Facts is a table that moved:
	// a new table that MoveTables forgot fails here.
	ignoredSeen := false
	for _, f := range moved {
		v := reflect.ValueOf(f).Elem()
		for i := range v.NumField() {
			field, name := v.Field(i), v.Type().Field(i).Name
			if field.Kind() != reflect.Slice || field.Len() == 0 || name == "rawFacts" {
				continue
			}
			ignoredSeen = ignoredSeen || name == "ignored"
			if !rec.inside(field.Pointer()) {
				t.Fatalf("%s: table %s is still on the heap", f.Name, name)
			}
		}
	}
	if !ignoredSeen {
		t.Fatal("no file with an ignored-token table: the test does not cover it")
	}
	runtime.GC()
	runtime.GC()
	a.Trim() // the moved tables' pages leave the process; detection maps them again
	opt := Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	want, got := Detect(files, opt), Detect(moved, opt)
	if len(want) == 0 {
		t.Fatal("no classes: the comparison proves nothing")
	}
	if !reflect.DeepEqual(want, got) {
		t.Errorf("Detect on moved files gives %d classes, on the heap %d, or they differ", len(got), len(want))
	}
	// What a moved file encodes is what it would have encoded.
	for i, f := range files {
		if string(AppendRecord(nil, f)) != string(AppendRecord(nil, moved[i])) {
			t.Fatalf("%s: the record of the moved file differs", f.Name)
		}
	}
}

// An allocator that gives nothing leaves the tables where they are.
func TestMoveTablesNone(t *testing.T) {
	f := stdFiles(t, 50)[0]
	codes := unsafe.SliceData(f.codes)
	f.MoveTables(none{})
	if unsafe.SliceData(f.codes) != codes {
		t.Error("tables moved though the allocator gave nothing")
	}
}

type none struct{}

func (none) Alloc(int) []byte { return nil }

// counting is a Scratch that counts what is out.
type counting struct {
	a        *spill.Arena
	given    int
	out      map[*byte]bool
	mu       chan struct{}
	minBelow bool // a request smaller than scratchMin came
}

func (c *counting) Scratch(n int) []byte {
	c.mu <- struct{}{}
	defer func() { <-c.mu }()
	if n < scratchMin {
		c.minBelow = true
	}
	b := c.a.Scratch(n)
	if b != nil {
		c.given++
		c.out[&b[0]] = true
	}
	c.a.Trim() // what detection wrote so far leaves the process, and is kept
	return b
}

func (c *counting) Free(b []byte) {
	c.mu <- struct{}{}
	defer func() { <-c.mu }()
	delete(c.out, &b[0])
	c.a.Free(b)
}

// Detection with its largest arrays in scratch memory finds what it finds
// on the heap, and gives all of it back; with the arrays' pages dropped
// from the process at each request, while other arrays are in use.
func TestScratchSameClasses(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("spilling is built for Linux only")
	}
	a := spill.New(t.TempDir(), 0)
	defer a.Close()
	files := stdFiles(t, 50)
	// Copies of the files under other names: enough near-miss keys for
	// arrays past scratchMin.
	var more []*File
	for i := range 6 {
		for _, f := range files {
			g := roundTrip(t, f)
			g.Name = fmt.Sprintf("copy%d%s", i, f.Name)
			more = append(more, g)
		}
	}
	files = append(files, more...)
	opt := Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85, Workers: 2}
	want := Run(files, opt)
	c := &counting{a: a, out: map[*byte]bool{}, mu: make(chan struct{}, 1)}
	opt.Scratch = c
	got := Run(files, opt)
	if c.given == 0 {
		t.Fatal("no scratch memory was asked for: the test proves nothing")
	}
	if c.minBelow {
		t.Error("scratch asked for an array under scratchMin")
	}
	if len(c.out) != 0 {
		t.Errorf("%d of %d scratch arrays not freed", len(c.out), c.given)
	}
	if _, err := a.Spilled(); err != nil {
		t.Fatal(err)
	}
	if len(want.Classes) == 0 || !reflect.DeepEqual(want.Classes, got.Classes) {
		t.Errorf("with scratch memory: %d classes, on the heap %d, or they differ", len(got.Classes), len(want.Classes))
	}
}

// A keyList past one segment keeps its keys in order.
func TestKeyListSegments(t *testing.T) {
	d := &detector{}
	lists := make([]keyList, 2)
	n := 0
	for i := range lists {
		lists[i].d = d
		for range keySegment + keySegment/2 + i {
			lists[i].add(uint64(n))
			n++
		}
	}
	if len(lists[0].segs) != 2 {
		t.Fatalf("%d segments, want 2", len(lists[0].segs))
	}
	all, free := concat(d, lists)
	defer free()
	if len(all) != n {
		t.Fatalf("%d keys, want %d", len(all), n)
	}
	for i, k := range all {
		if k != uint64(i) {
			t.Fatalf("key %d is %d", i, k)
		}
	}
}
