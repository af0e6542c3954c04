package fingerprint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// ringSetup is Cortex's compactor ring set-up; its copy in the parquet
// converter named the ring "parquet-converter" and kept "compactor" in
// its error messages (read blind as a slip, reading 57).
const ringSetup = `package compactor

func (c *Compactor) startRing(ctx context.Context, cfg RingConfig) error {
	var err error
	c.ring, err = ring.New(cfg.RingConfig, "compactor", ringKey, c.logger, c.registerer)
	if err != nil {
		return errors.Wrap(err, "unable to initialize compactor ring")
	}
	c.ringSubservices, err = services.NewManager(c.ringLifecycler, c.ring)
	if err == nil {
		c.ringSubservicesWatcher = services.NewFailureWatcher()
		c.ringSubservicesWatcher.WatchManager(c.ringSubservices)
		err = services.StartManagerAndAwaitHealthy(ctx, c.ringSubservices)
	}
	if err != nil {
		return errors.Wrap(err, "unable to start compactor ring dependencies")
	}
	c.started = true
	return nil
}
`

func TestVariantSlip(t *testing.T) {
	r := strings.NewReplacer
	convert := func(more ...string) string {
		return r(append([]string{"package compactor", "package parquetconverter", "*Compactor", "*Converter",
			`"compactor", ringKey`, `"parquet-converter", ringKey`}, more...)...).Replace(ringSetup)
	}
	for _, tc := range []struct {
		name, copy string
		want       []string
	}{
		{"messages left naming the compactor", convert(),
			[]string{"parquetconverter/converter.go:16 unrenamed variant compactor/compactor.go:16-16",
				"parquetconverter/converter.go:7 unrenamed variant compactor/compactor.go:7-7"}},
		{"messages renamed too", convert("initialize compactor ring", "initialize parquet-converter ring",
			"start compactor ring", "start parquet-converter ring"), nil},
		// No string renamed the variant: nothing says the copy meant its own.
		{"ring name kept", r("package compactor", "package parquetconverter", "*Compactor", "*Converter").Replace(ringSetup), nil},
		// The copy's string holds both words: it names its own variant too.
		{"message naming both", convert("initialize compactor ring", "initialize converter ring, as the compactor's"), []string{
			"parquetconverter/converter.go:16 unrenamed variant compactor/compactor.go:16-16"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			classes := detect(t, divergentOpts(), map[string]string{"compactor/compactor.go": ringSetup, "parquetconverter/converter.go": tc.copy})
			got := variantDrifts(classes)
			if !slices.Equal(got, tc.want) {
				t.Errorf("variant slips\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
	// A word of Go is no variant's: the compiler's commClause, copied
	// from caseClause, rightly expects "case or default".
	clause := `package syntax

func (p *parser) caseClause() *CaseClause {
	if trace {
		defer p.trace("caseClause")()
	}
	c := new(CaseClause)
	c.pos = p.pos()
	switch p.tok {
	case _Case:
		p.next()
		c.Cases = p.exprList()
	case _Default:
		p.next()
	default:
		p.syntaxError("expected case or default or }")
		p.advance(_Colon, _Case, _Default, _Rbrace)
	}
	c.Colon = p.pos()
	p.want(_Colon)
	c.Body = p.stmtList()
	return c
}
`
	comm := r("caseClause", "commClause", "CaseClause", "CommClause", "c.Cases = p.exprList()", "c.Comm = p.simpleStmt(nil, 0)").Replace(clause)
	for _, c := range detect(t, divergentOpts(), map[string]string{"syntax/parser.go": clause, "syntax/comm.go": comm}) {
		for _, d := range driftOf(c) {
			if strings.Contains(d, "variant") {
				t.Errorf("a word of Go: %s", d)
			}
		}
	}
	// In test files, a test of one variant names the other on purpose.
	classes := detect(t, divergentOpts(), map[string]string{"compactor/compactor_test.go": ringSetup, "parquetconverter/converter_test.go": convert()})
	for _, c := range classes {
		for _, d := range driftOf(c) {
			if strings.Contains(d, "variant") {
				t.Errorf("in test files: %s", d)
			}
		}
	}
}

// A string of many words, each said many times: the copy renamed a word
// when its string lacks it wherever the twin's holds it, and not when
// its string holds it once among thousands of its own.
func TestVariantSlipLongStrings(t *testing.T) {
	many := func(word string) string { return strings.TrimSpace(strings.Repeat(word+" ", 3000)) }
	twin := strings.Replace(ringSetup, `"compactor", ringKey`, `"`+many("compactor")+`", ringKey`, 1)
	for _, tc := range []struct {
		name, ring string
		want       []string
	}{
		{"renamed everywhere", many("parquet-converter"),
			[]string{"parquetconverter/converter.go:16 unrenamed variant compactor/compactor.go:16-16",
				"parquetconverter/converter.go:7 unrenamed variant compactor/compactor.go:7-7"}},
		{"kept once at the end", many("parquet-converter") + " compactor", nil},
		{"kept once at the start", "compactor " + many("parquet-converter"), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			copy := strings.NewReplacer("package compactor", "package parquetconverter", "*Compactor", "*Converter",
				`"compactor", ringKey`, `"`+tc.ring+`", ringKey`).Replace(ringSetup)
			classes := detect(t, divergentOpts(), map[string]string{"compactor/compactor.go": twin, "parquetconverter/converter.go": copy})
			got := variantDrifts(classes)
			if !slices.Equal(got, tc.want) {
				t.Errorf("variant slips\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// Strings in one long statement: each matched string's value is its
// own, wherever it stands in the statement, so that the strings a copy
// changed and those it kept are told apart.
func TestVariantSlipInOneStatement(t *testing.T) {
	list := func(variant string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "package %s\n\nfunc %sNames() []string {\n\treturn []string{\n\t\t\"%s ready\",\n", variant, variant, variant)
		for i := range 300 {
			fmt.Fprintf(&b, "\t\t\"step%d\",\n", i)
			if i == 150 {
				b.WriteString("\t\t\"unable to start compactor\",\n")
			}
		}
		b.WriteString("\t\t\"compactor done\",\n\t}\n}\n")
		return b.String()
	}
	classes := detect(t, divergentOpts(), map[string]string{"compactor/compactor.go": list("compactor"), "converter/converter.go": list("converter")})
	got := variantDrifts(classes)
	want := []string{"converter/converter.go:157 unrenamed variant compactor/compactor.go:157-157",
		"converter/converter.go:307 unrenamed variant compactor/compactor.go:307-307"}
	if !slices.Equal(got, want) {
		t.Errorf("variant slips\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// variantDrifts lists the drifts of classes that name a variant.
func variantDrifts(classes []Class) []string {
	var out []string
	for _, c := range classes {
		for _, d := range driftOf(c) {
			if strings.Contains(d, "variant") {
				out = append(out, d)
			}
		}
	}
	return out
}

func TestEachWord(t *testing.T) {
	for in, want := range map[string][]string{
		"unable to initialize compactor ring":   {"unable", "initialize", "compactor", "ring"},
		"parquet-converter":                     {"parquet", "converter"},
		"HTTPServer readUint8VectorJSON set id": {"http", "server", "read", "uint", "vector", "json"},
		"parquetconverter":                      {"parquetconverter"},
		"Objects object class":                  {"object", "object", "class"},
	} {
		var got []uint64
		eachWord([]byte(in), func(h uint64) { got = append(got, h) })
		var hs []uint64
		for _, w := range want {
			hs = append(hs, wordHash([]byte(w)))
		}
		if !slices.Equal(got, hs) {
			t.Errorf("%q: %d words, want %q", in, len(got), want)
		}
	}
}

// A plural is its word: a copy made for DeleteObjects, whose names and
// strings say "objects" where its twin's say StatObject's "object", does
// not name its twin's variant in a message of both about a client
// "object" (minio-go's functional tests).
func TestVariantSlipPlural(t *testing.T) {
	stat := `package functional

func testStatObject() {
	function := "StatObject"
	c, err := newClient(os.Getenv(serverEndpoint), os.Getenv(accessKey), os.Getenv(secretKey))
	if err != nil {
		logError(function, "client object creation failed", err)
		return
	}
	bucket := randomBucket("stat-object")
	if err := c.MakeBucket(bucket); err != nil {
		logError(function, "MakeBucket failed", err)
		return
	}
	logSuccess(function, bucket)
}
`
	del := strings.NewReplacer("testStatObject", "testDeleteObjects", `"StatObject"`, `"DeleteObjects()"`, `"stat-object"`, `"delete-objects"`).Replace(stat)
	classes := detect(t, divergentOpts(), map[string]string{"functional/stat.go": stat, "functional/delete.go": del})
	if len(classes) == 0 {
		t.Fatal("no class: the test shows nothing")
	}
	if got := variantDrifts(classes); len(got) > 0 {
		t.Errorf("variant slips %q, want none", got)
	}
}
