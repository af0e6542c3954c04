package fingerprint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The message loop of a language server, pasted into a proxy and edited
// there: each copy logs through its own logger and answers through its
// own writer, and each goes on to handle a message its own way. Neither
// the functions nor the loops' bodies are alike as wholes; the first 22
// lines of each body are.
const (
	partServer = `package lsp

func serve(in io.Reader, lg *log.Logger, s *server) error {
	s.eng = newEngine(s.cfg, lg, s.client)
	r := newReader(in)
	for {
		body, err := r.read()
		if errors.Is(err, errFraming) {
			lg.Print(err)
			s.client.w.replyError(nil, codeParseError, err.Error())
			continue
		}
		if err == io.EOF {
			if s.shutdown {
				return nil
			}
			return errors.New("the editor closed the connection without shutdown and exit")
		}
		if err != nil {
			return fmt.Errorf("reading from the editor: %w", err)
		}
		m, rerr := decode(body)
		if rerr != nil {
			lg.Printf("bad message: %s", rerr.Message)
			if m == nil || m.Method == "" || len(m.ID) > 0 {
				s.client.w.replyError(idOf(m), rerr.Code, rerr.Message)
			}
			continue
		}
		if m.Method == "exit" {
			if !s.shutdown {
				return errors.New("exit before shutdown")
			}
			return nil
		}
		s.dispatch(m)
	}
}
`
	partProxy = `package lsp

func (p *proxy) fromEditor(in io.Reader) error {
	r := newReader(in)
	for {
		body, err := r.read()
		if errors.Is(err, errFraming) {
			p.log.Printf("proxy: from the editor: %v", err)
			p.editor.replyError(nil, codeParseError, err.Error())
			continue
		}
		if err == io.EOF {
			if p.shutdown.Load() {
				return nil
			}
			return errors.New("the editor closed the connection without shutdown and exit")
		}
		if err != nil {
			return fmt.Errorf("reading from the editor: %w", err)
		}
		m, rerr := decode(body)
		if rerr != nil {
			p.log.Printf("proxy: from the editor: bad message: %s", rerr.Message)
			if m == nil || m.Method == "" || len(m.ID) > 0 {
				p.editor.replyError(idOf(m), rerr.Code, rerr.Message)
			}
			continue
		}
		if p.client.answers(m) {
			p.client.handleResponse(m)
			continue
		}
		if p.executeOurs(m) {
			continue
		}
		safely(p.log, m.Method, func() { p.watchEditor(m) })
		if err := p.gopls.push(body); err != nil {
			return err
		}
		if m.Method == "shutdown" && m.isRequest() {
			time.AfterFunc(shutdownWait, func() { p.answerShutdown(m.ID) })
		}
		if m.Method == "exit" {
			return nil
		}
	}
}
`
)

func partOpts() Options {
	return Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85, Workers: 2}
}

func TestPartialCopyFound(t *testing.T) {
	classes := detect(t, partOpts(), map[string]string{"server.go": partServer, "proxy.go": partProxy})
	want := "near proxy.go:6-28 server.go:7-29"
	if got := describe(classes); len(got) != 1 || got[0] != want {
		t.Fatalf("classes %q, want [%q]: the loops' first statements, pasted and edited", got, want)
	}
}

// A run of statements inside two near copies of whole functions is no
// pair of its own: the functions' class holds it. Pasted a third time,
// it is a class of three runs beside the functions' class.
func TestPartialCopyInsideNearPair(t *testing.T) {
	edited := strings.Replace(partServer, `return errors.New("exit before shutdown")`, `return errExitFirst`, 1)
	edited = strings.Replace(edited, "func serve(", "func serveAgain(", 1)
	srcs := map[string]string{"server.go": partServer, "again.go": edited}
	want := []string{"near again.go:3-38 server.go:3-38"}
	if got := describe(detect(t, partOpts(), srcs)); !slices.Equal(got, want) {
		t.Errorf("classes %q, want %q", got, want)
	}
	srcs["proxy.go"] = partProxy
	want = append(want, "near again.go:7-29 proxy.go:6-28 server.go:7-29")
	if got := describe(detect(t, partOpts(), srcs)); !slices.Equal(got, want) {
		t.Errorf("with the proxy, classes %q, want %q", got, want)
	}
}

// Copies of one statement repeated many times in two functions bring
// few places each: the work grows with the code, not with the square of
// the repeats.
func TestPartialRepeatsBounded(t *testing.T) {
	work := func(n int) (int64, int) {
		fn := func(name string, edit string) string {
			var b strings.Builder
			fmt.Fprintf(&b, "func %s(xs []int) int {\n\ttotal := 0\n", name)
			for i := range n {
				if i%50 == 0 {
					fmt.Fprintf(&b, "\t%s\n", edit)
				}
				b.WriteString("\ttotal += xs[len(xs)-1] * 3\n")
			}
			b.WriteString("\treturn total\n}\n")
			return b.String()
		}
		files := indexSources(t, 100, map[string]string{
			"a.go": "package p\n\n" + fn("a", "log.Print(total)"),
			"b.go": "package p\n\n" + fn("b", "fmt.Println(total, len(xs))"),
		})
		r := Run(files, partOpts())
		return r.Work.PartSteps + r.Work.PartDiffs, files[0].Tokens + files[1].Tokens
	}
	small, smallTokens := work(500)
	if small == 0 {
		t.Fatal("no part steps: the test shows nothing")
	}
	large, largeTokens := work(4000)
	// Eight times the code: the steps may grow eight times, and a
	// little more, not sixty-four times.
	if ratio, code := float64(large)/float64(max(small, 1)), float64(largeTokens)/float64(smallTokens); ratio > 2*code {
		t.Errorf("part steps %d for %d tokens, %d for %d: grew %.1f times for %.1f times the code", small, smallTokens, large, largeTokens, ratio, code)
	}
}
