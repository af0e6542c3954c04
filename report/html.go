package report

import (
	"cmp"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/par"
)

// The HTML report is one self-contained file: the template, style sheet
// and script below are embedded and inlined, and nothing is loaded from
// the network. The class list is HTML; each class's copies travel as
// source text in a JSON block, and the page highlights them and puts
// them in only when a reader opens the class, so that a report over the
// standard library is quick to write and to open.

//go:embed assets/report.html.tmpl assets/report.css assets/report.js
var assets embed.FS

var htmlTemplate = template.Must(template.New("report.html.tmpl").
	Funcs(template.FuncMap{"group": group, "count": count}).
	ParseFS(assets, "assets/report.html.tmpl"))

// HTMLOptions configure the HTML report.
type HTMLOptions struct {
	// ReadFile reads a reported file's source; a copy whose file cannot
	// be read shows the error instead of its text. It is called from
	// several goroutines at once.
	ReadFile func(name string) ([]byte, error)
	// Title heads the page; "copycat report" when empty.
	Title string
	// Largest is the number of classes in the summary's largest list
	// (10 when 0).
	Largest int
}

type (
	htmlPage struct {
		Title   string
		Version string // copycat's, in the footer
		Root    string // common directory of the files, left out of the names shown
		// Change says what the change did, as the text report's line
		// does; "" without one.
		Change   string
		Stats    fingerprint.Stats
		Percent  string
		Packages []htmlPackage
		Largest  []htmlRow
		Rows     []htmlRow
		RowsHTML template.HTML // the rows of the class list, see htmlrows.go
		// Left counts the classes no rule lists, which the page holds
		// behind a switch (shown from the start with -all); LeftWhy says
		// by which rules.
		Left    int
		LeftWhy string
		All     bool
		Shown   int // the rows shown when the page opens
		CSS     template.CSS
		JS      template.JS
		// ScriptHash lets the page's Content-Security-Policy run only
		// the embedded script.
		ScriptHash string
		// Data is the copies as JSON, encoded to be safe inside a script
		// element (see scriptjson.go), in chunks of consecutive classes.
		Data []htmlChunk
	}
	// An htmlChunk is the copies of classes First, First+1, … (0-based):
	// the page parses only the chunk of a class it opens.
	htmlChunk struct {
		First int
		JSON  template.JS
	}
	htmlPackage struct {
		Dir                    string
		Files, Lines, DupLines int
		Percent                string
	}
	htmlRow struct {
		N                                    int
		ID, Kind, Label, First, Files        string
		Size                                 string // "22 lines", "22 to 25 lines": its shortest and longest copy
		Reason                               string // why the class ranks where it does
		Left                                 string // the rule that left it out, "" for a listed class
		Hidden                               bool   // shown only when the reader asks for the classes left out
		Copies, Lines, Tokens, DupLines, Sim int
		LineSpan                             string // its Lines in the list's cell, "16–20" where its copies differ in length
	}
	// htmlClass is one class's copies, for the script.
	htmlClass struct {
		Copies []htmlCopy `json:"c"`
	}
	htmlCopy struct {
		File     string   `json:"f"`
		Start    int      `json:"s"`           // first line
		End      int      `json:"e"`           // last line
		StartCol int      `json:"a"`           // byte column of the fragment's start on its first line
		EndCol   int      `json:"z"`           // and of its end on its last line
		Text     string   `json:"t"`           // lines Start to End of the file
		Differs  [][2]int `json:"d,omitempty"` // lines that differ from the first copy
		// Extra lists the lines this copy has and a copy lacks, in a
		// divergent class; Lacks says this copy lacks another's.
		Extra [][2]int `json:"x,omitempty"`
		Lacks bool     `json:"l,omitempty"`
		// Drift says in words how this copy drifted from its twins.
		Drift []string `json:"w,omitempty"`
		// Change says what the change did to this copy, as the text
		// report's line on it does.
		Change string `json:"g,omitempty"`
		// Cuts lists the lines cut to MaxLineBytes: the line, and the
		// bytes left out before and after the part shown.
		Cuts  [][3]int `json:"k,omitempty"`
		Error string   `json:"err,omitempty"`
	}
)

// HTML writes the report as one HTML page.
func HTML(w io.Writer, r *Report, opt HTMLOptions) error {
	css, err := assets.ReadFile("assets/report.css")
	if err != nil {
		return err
	}
	js, err := assets.ReadFile("assets/report.js")
	if err != nil {
		return err
	}
	p := &htmlPage{
		Title:    cmp.Or(opt.Title, "copycat report"),
		Version:  r.toolVersion(),
		Stats:    r.Stats,
		Percent:  fmt.Sprintf("%.1f", Percent(r.Stats)),
		Packages: packages(r),
		CSS:      template.CSS(css),
		JS:       template.JS(js),
	}
	sum := sha256.Sum256(js)
	p.ScriptHash = "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
	classes := r.Classes
	if !r.All {
		classes = append(slices.Clip(classes), r.Left...)
	}
	p.Root = commonDir(r)
	if r.Change != nil {
		p.Change = strings.TrimPrefix(r.Change.Line(), "copycat: ")
	}
	for i, c := range classes {
		rw := row(i, c, p.Root)
		if w := r.classChangeWords(i); w != "" {
			rw.Reason += "; " + w
		}
		if !Listed(c) {
			p.Left++
			rw.Left, rw.Hidden = LeftOut(c), !r.All
		}
		p.Rows = append(p.Rows, rw)
	}
	p.All, p.Shown = r.All, len(p.Rows)
	if !r.All {
		p.Shown -= p.Left
	}
	p.LeftWhy = r.LeftWhy()
	for i := range p.Packages {
		p.Packages[i].Dir = shorten(p.Packages[i].Dir+string(filepath.Separator), p.Root)
	}
	p.Largest = largest(slices.DeleteFunc(slices.Clone(p.Rows), func(r htmlRow) bool { return r.Left != "" }), cmp.Or(opt.Largest, 10))
	p.RowsHTML = classRows(p.Rows)
	data := copies(classes, opt.ReadFile, p.Root)
	for i := range data {
		for j := range data[i].Copies {
			data[i].Copies[j].Change = r.changeWords(i, j)
		}
	}
	p.Data = chunks(data, chunkBytes)
	return htmlTemplate.Execute(w, p)
}

// chunkBytes is about how much source text one data chunk holds: a report
// over a tree of millions of lines holds tens of megabytes of it, and
// parsing all of it made the first class a reader opens wait a second.
var chunkBytes = 256 << 10

// chunks encodes the classes' copies as consecutive chunks of about size
// bytes of text each (a class is never split); there is always at least
// one, empty when there are no classes.
func chunks(classes []htmlClass, size int) []htmlChunk {
	out := []htmlChunk{}
	for first := 0; first < len(classes) || len(out) == 0; {
		end, n := first, 0
		for end < len(classes) && (end == first || n < size) {
			for _, cp := range classes[end].Copies {
				n += len(cp.Text) + len(cp.File) + len(cp.Error)
			}
			end++
		}
		out = append(out, htmlChunk{First: first, JSON: template.JS(appendCopies(nil, classes[first:end]))})
		first = end
	}
	return out
}

// commonDir is the longest directory, ending in a separator, that holds
// every file of the report; "" when there is none.
func commonDir(r *Report) string {
	var names []string
	for _, f := range r.Files {
		names = append(names, f.Name)
	}
	for _, c := range r.Classes {
		for _, f := range c.Fragments {
			names = append(names, f.File)
		}
	}
	if len(names) == 0 {
		return ""
	}
	prefix := names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(n, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	if i := strings.LastIndexByte(prefix, filepath.Separator); i >= 0 {
		return prefix[:i+1]
	}
	return ""
}

// shorten leaves the common directory out of a name, which it gives as
// FileName does (quoted when it is not UTF-8, so that two names never show
// as one); the directory itself becomes ".".
func shorten(name, root string) string {
	s := strings.TrimPrefix(name, root)
	if s == "" {
		return "."
	}
	return FileName(strings.TrimSuffix(s, string(filepath.Separator)))
}

func row(i int, c fingerprint.Class, root string) htmlRow {
	files := make([]string, 0, len(c.Fragments))
	dup := 0
	for _, f := range c.Fragments {
		files = append(files, shorten(f.File, root))
		dup += f.Lines()
	}
	first := c.Fragments[0]
	return htmlRow{
		N: i + 1, ID: c.ID, Kind: string(c.Kind), Label: KindLabel(c),
		First:  fmt.Sprintf("%s:%d", shorten(first.File, root), first.Start.Line),
		Files:  strings.ToLower(strings.Join(slices.Compact(files), " ")),
		Size:   sizeWords(c),
		Copies: len(c.Fragments), Lines: c.Lines, LineSpan: linesCell(c, group), Tokens: c.Tokens, DupLines: dup,
		Sim: int(c.Similarity * 100), Reason: c.Signal.Reason,
	}
}

// largest lists the n classes that duplicate the most lines.
func largest(rows []htmlRow, n int) []htmlRow {
	l := slices.Clone(rows)
	slices.SortStableFunc(l, func(a, b htmlRow) int { return cmp.Compare(b.DupLines, a.DupLines) })
	return l[:min(n, len(l))]
}

// packages gives per-directory figures, the most duplicated first: of
// the tree's classes, as the header's are, not of a change's classes of
// the base revision (a forgotten twin whose class broke, a copy removed).
func packages(r *Report) []htmlPackage {
	byDir := map[string]*htmlPackage{}
	get := func(file string) *htmlPackage {
		d := filepath.Dir(file)
		p := byDir[d]
		if p == nil {
			p = &htmlPackage{Dir: d}
			byDir[d] = p
		}
		return p
	}
	for _, f := range r.Files {
		p := get(f.Name)
		p.Files++
		p.Lines += f.Lines
	}
	ranges := map[string][]fingerprint.LineRange{}
	for ci, c := range r.Classes {
		if v := r.verdict(ci); v != nil && v.Broken {
			continue
		}
		for _, f := range c.Fragments {
			ranges[f.File] = append(ranges[f.File], fingerprint.LineRange{Start: f.Start.Line, End: f.End.Line})
		}
	}
	for file, rs := range ranges {
		get(file).DupLines += fingerprint.CoveredLines(rs)
	}
	var out []htmlPackage
	for _, p := range byDir {
		if p.DupLines == 0 {
			continue
		}
		p.Percent = "–"
		if p.Lines > 0 {
			p.Percent = fmt.Sprintf("%.1f", 100*float64(p.DupLines)/float64(p.Lines))
		}
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b htmlPackage) int {
		return cmp.Or(cmp.Compare(b.DupLines, a.DupLines), cmp.Compare(a.Dir, b.Dir))
	})
	return out
}

// A source is one file's text and line starts, or why it cannot be read.
type source struct {
	src   []byte
	lines []int
	err   error
}

// copies cuts every copy of every class from its file, reading each file
// once. Files are read on all CPUs; each result has its own slot, so the
// output does not depend on scheduling.
func copies(classes []fingerprint.Class, readFile func(string) ([]byte, error), root string) []htmlClass {
	index := map[string]int{}
	var names []string
	for _, c := range classes {
		for _, f := range c.Fragments {
			if _, ok := index[f.File]; !ok {
				index[f.File] = len(names)
				names = append(names, f.File)
			}
		}
	}
	sources := make([]source, len(names))
	par.For(len(names), 0, func(_, i int) {
		s := &sources[i]
		if readFile == nil {
			s.err = errors.New("no source given")
			return
		}
		if s.src, s.err = readFile(names[i]); s.err == nil {
			s.lines = lineStarts(s.src)
		}
	})
	out := make([]htmlClass, len(classes))
	for i, c := range classes {
		for j, f := range c.Fragments {
			hc := htmlCopy{File: shorten(f.File, root), Start: f.Start.Line, End: f.End.Line, StartCol: f.Start.Column, EndCol: f.End.Column}
			if s := &sources[index[f.File]]; s.err != nil {
				hc.Error = fmt.Sprintf("cannot read %s: %v", f.File, s.err)
			} else {
				hc.setText(cutCopy(s.src, s.lines, f))
				for _, d := range f.Differs {
					hc.Differs = append(hc.Differs, [2]int{d.Start, d.End})
				}
				for _, x := range f.Extra {
					hc.Extra = append(hc.Extra, [2]int{x.Start, x.End})
				}
				hc.Lacks = f.Lacks
				hc.Drift = DriftSaid(c, j)
			}
			out[i].Copies = append(out[i].Copies, hc)
		}
	}
	return out
}

// classChangeWords says what the change did to class ci, on the copy it
// added or edited as the Markdown report does; "" without a change.
func (r *Report) classChangeWords(ci int) string {
	v := r.verdict(ci)
	if v == nil {
		return ""
	}
	for i := range r.Classes[ci].Fragments {
		if v.New[i] || v.Touched[i] {
			return ChangeWords(r.Classes[ci], *v, i)
		}
	}
	return ""
}
