package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
)

// A HistoryPoint is what a run over one commit of a history found.
type HistoryPoint struct {
	Commit  string `json:"commit"`  // its hash
	Date    string `json:"date"`    // its committer date, ISO 8601
	Subject string `json:"subject"` // its message's first line
	Files   int    `json:"files"`
	Lines   int    `json:"lines"`
	// DuplicatedLines are the lines in the listed classes' copies.
	DuplicatedLines int     `json:"duplicated_lines"`
	DuplicatedPct   float64 `json:"duplicated_percent"`
	Classes         int     `json:"classes"`     // listed
	NewClasses      int     `json:"new_classes"` // listed, not listed at the commit before
	Drifted         int     `json:"drifted"`     // listed classes whose copies drifted apart
}

// HistoryCSV writes the points as CSV, a header first. A subject is
// written as OneLine writes a message: anyone who can push a commit
// writes its subject, and the CSV goes to a terminal by default, where
// its escape sequences (ESC ] 0; for a window's title, ESC [2J to clear
// the screen) would act; and one that starts as a spreadsheet's formula
// does (=, +, -, @) gets a ' before it, which spreadsheets read as "text
// follows", so that opening the CSV does not run =HYPERLINK(…) or
// =WEBSERVICE(…) from a commit message (OWASP's CSV injection).
func HistoryCSV(w io.Writer, points []HistoryPoint) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"commit", "date", "files", "lines", "duplicated_lines", "duplicated_percent", "classes", "new_classes", "drifted", "subject"})
	for _, p := range points {
		cw.Write([]string{p.Commit, p.Date, strconv.Itoa(p.Files), strconv.Itoa(p.Lines), strconv.Itoa(p.DuplicatedLines),
			strconv.FormatFloat(p.DuplicatedPct, 'f', 2, 64), strconv.Itoa(p.Classes), strconv.Itoa(p.NewClasses),
			strconv.Itoa(p.Drifted), csvText(OneLine(p.Subject))})
	}
	cw.Flush()
	return cw.Error()
}

// csvText is s as a CSV cell a spreadsheet takes for text: with a '
// before it when it starts as a formula does.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
		return "'" + s
	}
	return s
}

// HistoryJSON writes the points as JSON: {"version": 1, "commits": […]}.
func HistoryJSON(w io.Writer, points []HistoryPoint) error {
	if points == nil {
		points = []HistoryPoint{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Version int            `json:"version"`
		Commits []HistoryPoint `json:"commits"`
	}{Version, points})
}

// HistoryHTML writes the points as one self-contained page: a plot of the
// duplicated share and of the classes over the commits (inline SVG, no
// script, nothing from the network) and a table.
func HistoryHTML(w io.Writer, points []HistoryPoint) error {
	page := historyPage{Points: points, Title: "copycat: duplication over history", Commits: Count(len(points), "commit", "commits")}
	switch n := len(points); {
	case n == 1:
		page.Range = short(points[0].Commit)
	case n > 1:
		page.Commits += ", oldest first"
		page.Range = short(points[0].Commit) + " … " + short(points[n-1].Commit)
	}
	page.Share, page.ShareMax = plot(points, func(p HistoryPoint) float64 { return p.DuplicatedPct })
	page.Classes, page.ClassesMax = plot(points, func(p HistoryPoint) float64 { return float64(p.Classes) })
	if top, err := strconv.Atoi(page.ClassesMax); err == nil {
		page.ClassesMax = group(top)
	}
	return historyTemplate.Execute(w, page)
}

type historyPage struct {
	Title, Range         string
	Commits              string // how many, "3 commits, oldest first"
	Points               []HistoryPoint
	Share, Classes       string // the plots' polylines' points
	ShareMax, ClassesMax string // their top values, as the axes say them
}

// short is a commit's hash cut to 12 digits.
func short(commit string) string { return commit[:min(12, len(commit))] }

// plotW and plotH are the plot's size in SVG units.
const plotW, plotH = 800, 200

// plot places the values of the points on a plot plotW wide and plotH
// high, the highest at the top, and returns the polyline's points and
// the highest value.
func plot(points []HistoryPoint, value func(HistoryPoint) float64) (string, string) {
	top := 0.0
	for _, p := range points {
		top = max(top, value(p))
	}
	scale := 1.0
	if top > 0 {
		scale = plotH / top
	}
	var b strings.Builder
	for i, p := range points {
		x := 0.0
		if len(points) > 1 {
			x = float64(i) * plotW / float64(len(points)-1)
		}
		fmt.Fprintf(&b, "%.1f,%.1f ", x, plotH-value(p)*scale)
	}
	return strings.TrimSpace(b.String()), strconv.FormatFloat(top, 'f', -1, 64)
}

var historyTemplate = template.Must(template.New("history").Funcs(template.FuncMap{"short": short, "group": group}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; }
svg { border: 1px solid #ccc; background: #fafafa; }
.share { fill: none; stroke: #c0392b; stroke-width: 2; }
.classes { fill: none; stroke: #2471a3; stroke-width: 2; }
table { border-collapse: collapse; margin-top: 1em; }
td, th { padding: 0.2em 0.6em; border-bottom: 1px solid #eee; text-align: right; }
td.s, th.s { text-align: left; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>{{.Commits}}{{if .Range}}: {{.Range}}{{end}}.</p>
<svg id="plot" viewBox="-40 -10 880 230" width="880" height="230" role="img" aria-label="duplicated share and classes over the commits">
<text x="-35" y="5" font-size="10" fill="#c0392b">{{.ShareMax}}%</text>
<text x="805" y="5" font-size="10" fill="#2471a3">{{.ClassesMax}}</text>
<polyline class="share" points="{{.Share}}"/>
<polyline class="classes" points="{{.Classes}}"/>
</svg>
<p><span style="color:#c0392b">duplicated lines, % of lines</span> · <span style="color:#2471a3">listed classes</span></p>
<table>
<thead><tr><th class="s">commit</th><th class="s">date</th><th>lines</th><th>duplicated</th><th>%</th><th>classes</th><th>new</th><th>drifted</th><th class="s">subject</th></tr></thead>
<tbody>
{{- range .Points}}
<tr><td class="s"><code>{{short .Commit}}</code></td><td class="s">{{.Date}}</td><td>{{group .Lines}}</td><td>{{group .DuplicatedLines}}</td><td>{{printf "%.2f" .DuplicatedPct}}</td><td>{{group .Classes}}</td><td>{{group .NewClasses}}</td><td>{{group .Drifted}}</td><td class="s">{{.Subject}}</td></tr>
{{- end}}
</tbody>
</table>
</body>
</html>
`))
