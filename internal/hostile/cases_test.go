package hostile

// An engineCase is one pathological input for the engine: its files at a
// given size, the size the suite runs and the size the benchmark times.
type engineCase struct {
	name        string
	files       func(size int) map[string][]byte
	small, full int
	maxOcc0     bool // run with MaxOccurrences 0 (no limit)
}

func oneFile(gen func(int) []byte) func(int) map[string][]byte {
	return func(n int) map[string][]byte { return map[string][]byte{"x.go": gen(n)} }
}

var engineCases = []engineCase{
	{name: "nested-if", files: oneFile(NestedIfs), small: 2000, full: 20000},
	{name: "nested-blocks", files: oneFile(NestedBlocks), small: 2000, full: 10000},
	{name: "nested-funclits", files: oneFile(NestedFuncLits), small: 2000, full: 10000},
	{name: "repeated-statements", files: oneFile(RepeatedStatements), small: 100000, full: 1000000},
	{name: "clone-pairs", files: oneFile(ClonePairs), small: 100000, full: 1000000},
	{name: "near-identical", files: oneFile(NearIdentical), small: 500, full: 5000, maxOcc0: true},
	{name: "many-strings", files: oneFile(ManyStrings), small: 10000, full: 100000},
	{name: "long-name-strings", files: oneFile(LongNameStrings), small: 5000, full: 100000},
	{name: "variant-lists", files: oneFile(VariantLists), small: 10000, full: 40000},
	{name: "long-names", files: oneFile(LongNames), small: 5000, full: 40000},
	{name: "renamed-copies", files: oneFile(RenamedCopies), small: 5000, full: 20000},
	{name: "nested-copies", files: oneFile(NestedCopies), small: 1000, full: 30000},
	{name: "nested-switch-copies", files: oneFile(NestedSwitch.Copies), small: 1000, full: 40000},
	{name: "nested-for-copies", files: oneFile(NestedFor.Copies), small: 1000, full: 40000},
	{name: "nested-select-copies", files: oneFile(NestedSelect.Copies), small: 1000, full: 40000},
	{name: "nested-block-copies", files: oneFile(NestedBlock.Copies), small: 1700, full: 40000},
	{name: "nested-closure-copies", files: oneFile(NestedClosure.Copies), small: 1000, full: 40000},
	{name: "nested-literal-closure-copies", files: oneFile(NestedLiteralClosure.Copies), small: 1000, full: 10000},
	{name: "nested-field-copies", files: oneFile(NestedField.Copies), small: 1000, full: 40000},
	{name: "else-if-copies", files: oneFile(ElseIfCopies), small: 1000, full: 40000},
	{name: "nested-literal-copies", files: oneFile(NestedLiteralCopies), small: 1000, full: 40000},
	{name: "many-classes", files: oneFile(ManyClasses), small: 1000, full: 10000},
	{name: "variant-classes", files: oneFile(VariantClasses), small: 1000, full: 10000},
	{name: "variant-words", files: oneFile(VariantWords), small: 8000, full: 64000},
	{name: "lacked-guards", files: oneFile(LackedGuards), small: 5000, full: 40000},
	{name: "length-guards", files: oneFile(LengthGuards), small: 5000, full: 40000},
	{name: "renamed-literal", files: oneFile(RenamedLiteral), small: 5000, full: 40000},
	{name: "constant-slips", files: oneFile(ConstantSlips), small: 5000, full: 40000},
	{name: "naming-copies", files: func(n int) map[string][]byte { return NamingCopies(n, n/10) }, small: 1000, full: 8000, maxOcc0: true},
	{name: "lacking-first", files: func(n int) map[string][]byte { return LackingFirst(n, n/10) }, small: 1000, full: 8000, maxOcc0: true},
	{name: "noted-copies", files: func(n int) map[string][]byte { return NotedCopies(n, n/10) }, small: 1000, full: 8000, maxOcc0: true},
	{name: "drifted-copies", files: func(n int) map[string][]byte { return DriftedCopies(n, n/10) }, small: 1000, full: 8000, maxOcc0: true},
	{name: "copies", files: func(n int) map[string][]byte { return Copies(n, n/10) }, small: 2000, full: 20000, maxOcc0: true},
}
