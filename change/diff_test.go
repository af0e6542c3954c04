package change

import (
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

func lr(a, b int) fingerprint.LineRange { return fingerprint.LineRange{Start: a, End: b} }

// A diff with no context (git diff -U0), one with context (diff -u), a
// rename, a new file, a deleted one and a quoted name.
func TestParseDiff(t *testing.T) {
	diff := `diff --git a/a.go b/a.go
index 1111111..2222222 100644
--- a/a.go
+++ b/a.go
@@ -3,0 +4,2 @@ func f() {
+	if x == nil {
+		return
@@ -10,2 +11,0 @@ func g() {
-	a := 1
-	b := 2
@@ -20 +19 @@ func h() {
-	old()
+	new()
diff --git a/old.go b/moved/new.go
similarity index 100%
rename from old.go
rename to moved/new.go
diff --git a/c.go b/c.go
new file mode 100644
--- /dev/null
+++ b/c.go
@@ -0,0 +1,3 @@
+package p
+
+func c() {}
diff --git a/gone.go b/gone.go
deleted file mode 100644
--- a/gone.go
+++ /dev/null
@@ -1,2 +0,0 @@
-package p
-
--- "a/sp ace.go"	2026-12-04 10:00:00
+++ "b/sp ace.go"	2026-12-04 10:00:01
@@ -1,3 +1,4 @@
 package p
-var a = 1
+var a = 2
+var b = 3
 
`
	files, err := ParseDiff(strings.NewReader(diff))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	if want := []string{"a.go", "c.go", "sp ace.go"}; !slices.Equal(names, want) {
		t.Fatalf("files %q, want %q", names, want)
	}
	a := files["a.go"]
	if want := []fingerprint.LineRange{lr(4, 5), lr(19, 19)}; !slices.Equal(a.Added, want) || a.New {
		t.Errorf("a.go added %v (new %v), want %v", a.Added, a.New, want)
	}
	if want := []Removal{{After: 11, Lines: 2}, {After: 18, Lines: 1}}; !slices.Equal(a.Removed, want) {
		t.Errorf("a.go removed %v, want %v", a.Removed, want)
	}
	if !a.Changed(3, 4) || !a.Changed(11, 12) || a.Changed(12, 18) || a.Changed(6, 10) {
		t.Error("a.go: Changed wrong")
	}
	if c := files["c.go"]; !c.New || !slices.Equal(c.Added, []fingerprint.LineRange{lr(1, 3)}) {
		t.Errorf("c.go %+v", c)
	}
	if s := files["sp ace.go"]; !slices.Equal(s.Added, []fingerprint.LineRange{lr(2, 3)}) {
		t.Errorf("sp ace.go %+v", s)
	}
	if _, err := ParseDiff(strings.NewReader("@@ -1 +1 @@\n+x\n")); err == nil {
		t.Error("a hunk before its file was accepted")
	}
	if _, err := ParseDiff(strings.NewReader("--- a/x.go\n+++ b/x.go\n@@ -1 +1,2 @@\n+x\n?y\n")); err == nil {
		t.Error("a bad line inside a hunk was accepted")
	}
}
