package report

import (
	"html/template"
	"strconv"
	"strings"
)

// classRows renders the rows of the class list: one grid row each, which
// the browser lays out only when it scrolls into view
// (content-visibility), where a table would be laid out whole. A report
// over the
// standard library has thousands of them, and html/template's reflection
// took a fifth of the report's time, so they are written here: every
// value is a number or goes through escapeString, which is safe in text
// and in double-quoted attributes, the only two places values go.
func classRows(rows []htmlRow) template.HTML {
	var sb strings.Builder
	sb.Grow(len(rows) * 400)
	for _, r := range rows {
		n := strconv.Itoa(r.N)
		sb.WriteString(`<div id="c-` + n + `" class="cls" role="row" tabindex="0" aria-expanded="false" data-n="` + n + `" data-kind="`)
		escapeString(&sb, r.Kind)
		num(&sb, `" data-copies="`, r.Copies)
		num(&sb, `" data-lines="`, r.Lines)
		num(&sb, `" data-tokens="`, r.Tokens)
		num(&sb, `" data-dup="`, r.DupLines)
		sb.WriteString(`" data-first="`)
		escapeString(&sb, r.First)
		sb.WriteString(`" data-files="`)
		escapeString(&sb, r.Files)
		if r.Reason != "" {
			sb.WriteString(`" title="`)
			escapeString(&sb, r.Reason)
		}
		if r.Left != "" {
			sb.WriteString(`" data-left="`)
			escapeString(&sb, r.Left)
		}
		sb.WriteString(`"`)
		if r.Hidden {
			sb.WriteString(` hidden`)
		}
		num(&sb, `><span class="num">`, r.N)
		sb.WriteString(`</span><span><span class="kind `)
		escapeString(&sb, r.Kind)
		sb.WriteString(`">`)
		escapeString(&sb, r.Label)
		cell(&sb, `</span></span><span class="num">`, r.Copies)
		sb.WriteString(`</span><span class="num">`)
		sb.WriteString(r.LineSpan) // digits and a dash
		cell(&sb, `</span><span class="num">`, r.Tokens)
		cell(&sb, `</span><span class="num">`, r.DupLines)
		sb.WriteString(`</span><span class="where">`)
		escapeString(&sb, r.First)
		if r.Reason != "" {
			sb.WriteString(` <span class="why">`)
			escapeString(&sb, r.Reason)
			sb.WriteString(`</span>`)
		}
		if r.Left != "" {
			sb.WriteString(` <span class="left">not listed: `)
			escapeString(&sb, r.Left)
			sb.WriteString(`</span>`)
		}
		sb.WriteString("</span></div>\n")
	}
	return template.HTML(sb.String())
}

// num writes a number as programs read it (an attribute, an id).
func num(sb *strings.Builder, prefix string, n int) {
	sb.WriteString(prefix)
	sb.WriteString(strconv.Itoa(n))
}

// cell writes a number as people read it, grouped by thousands.
func cell(sb *strings.Builder, prefix string, n int) {
	sb.WriteString(prefix)
	sb.WriteString(group(n))
}

// count writes n and the noun it counts: "1 class", "1,200 classes".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return group(n) + " " + many
}

// group writes n with its digits grouped by thousands: 1,506,929.
func group(n int) string {
	s := strconv.Itoa(n)
	digits := strings.TrimPrefix(s, "-")
	if len(digits) <= 3 {
		return s
	}
	b := make([]byte, 0, len(s)+len(digits)/3)
	b = append(b, s[:len(s)-len(digits)]...)
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, digits[i])
	}
	return string(b)
}

// escapeString writes s with the characters that HTML gives a meaning
// escaped.
func escapeString(sb *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; !htmlPlain[c] {
			sb.WriteString(s[last:i])
			sb.WriteString(htmlEscapes[c])
			last = i + 1
		}
	}
	sb.WriteString(s[last:])
}

// htmlEscapes maps the bytes that HTML gives a meaning to their escapes.
var htmlEscapes = [256]string{'<': "&lt;", '>': "&gt;", '&': "&amp;", '"': "&#34;", '\'': "&#39;"}

// htmlPlain marks the bytes escapeString copies as they are.
var htmlPlain = func() (t [256]bool) {
	for c := range t {
		t[c] = htmlEscapes[c] == ""
	}
	return t
}()
