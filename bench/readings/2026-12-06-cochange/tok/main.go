// tok: reads JSON lines {"src":..., "sl":..,"sc":..,"el":..,"ec":..} and prints
// JSON lines {"n": tokens in span (no comments, no auto semicolons), "nlines": lines in file}
package main

import (
	"bufio"
	"encoding/json"
	"go/scanner"
	"go/token"
	"os"
	"strings"
)

type in struct {
	Src            string
	Sl, Sc, El, Ec int
}
type out struct {
	N      int `json:"n"`
	NLines int `json:"nlines"`
}

func main() {
	r := bufio.NewReaderSize(os.Stdin, 1<<20)
	w := bufio.NewWriter(os.Stdout)
	dec := json.NewDecoder(r)
	enc := json.NewEncoder(w)
	for {
		var t in
		if err := dec.Decode(&t); err != nil {
			break
		}
		src := []byte(t.Src)
		fs := token.NewFileSet()
		f := fs.AddFile("x.go", -1, len(src))
		var s scanner.Scanner
		s.Init(f, src, nil, 0)
		n := 0
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.SEMICOLON && lit == "\n" {
				continue
			}
			p := fs.Position(pos)
			if p.Line < t.Sl || (p.Line == t.Sl && p.Column < t.Sc) {
				continue
			}
			if p.Line > t.El || (p.Line == t.El && p.Column >= t.Ec) {
				break
			}
			n++
		}
		enc.Encode(out{n, strings.Count(t.Src, "\n") + 1})
	}
	w.Flush()
}
