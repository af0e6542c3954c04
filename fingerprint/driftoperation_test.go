package fingerprint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestOpMask checks the operations a function's name is said to hold.
func TestOpMask(t *testing.T) {
	bit := func(w string) uint64 { return 1 << slices.Index(operations, w) }
	for _, tc := range []struct {
		name string
		want uint64
	}{
		{"resourceMonitorV2Delete", bit("delete")},
		{"CreateOrUpdate", bit("create") | bit("update")},
		{"GETList", bit("get") | bit("list")},
		{"Deleted", 0}, // another word
		{"Parse", 0},
		{strings.Repeat("Get", maxOppositeName/3+1), 0}, // too long to read
	} {
		if got := opMask(tc.name); got != tc.want {
			t.Errorf("opMask(%q) = %b, want %b", tc.name, got, tc.want)
		}
	}
}

// TestOperationSlips checks a copy that names a package's member for
// another operation than both functions are named for, where its twin
// names it for that one (openstack's monitor deletion waiting with the
// update timeout, reading 89): at the place the alignment pairs (the
// copies renamed), and moved (near copies); and the controls, where nothing is said: the copy's name holds
// the member's operation, another package's member, a call, functions
// named for no operation, two functions of other operations.
func TestOperationSlips(t *testing.T) {
	const del = `package p

func resourceMemberDelete(ctx context.Context, d *schema.ResourceData, meta any) error {
	config := meta.(*Config)
	client, err := config.Client(ctx, region(d, config))
	if err != nil {
		return fmt.Errorf("creating the client: %s", err)
	}
	timeout := d.Timeout(schema.TimeoutDelete)
	poolID := d.Get("pool_id").(string)
	pool, err := pools.Get(ctx, client, poolID).Extract()
	if err != nil {
		return fmt.Errorf("retrieving the pool %s: %s", poolID, err)
	}
	err = waitForPool(ctx, client, pool, "ACTIVE", timeout)
	if err != nil {
		return err
	}
	return members.Delete(ctx, client, poolID, d.Id()).ExtractErr()
}
`
	r := strings.NewReplacer
	monitor := r("resourceMemberDelete", "resourceMonitorDelete", "members.Delete", "monitors.Delete").Replace(del)
	moved := r("\ttimeout := d.Timeout(schema.TimeoutDelete)\n", "", "\terr = waitForPool", "\ttimeout := d.Timeout(schema.TimeoutUpdate)\n\terr = waitForPool").Replace(monitor)
	for _, tc := range []struct {
		name string
		b    string
		want []string
	}{
		{"another operation's member", r("TimeoutDelete", "TimeoutUpdate").Replace(monitor), []string{"b.go:9 unrenamed operation a.go:9-9"}},
		{"moved", moved, []string{"b.go:14 unrenamed operation a.go:9-9"}},
		{"the copy's name holds the operation", r("TimeoutDelete", "TimeoutUpdate", "resourceMonitorDelete", "resourceMonitorUpdateOrDelete").Replace(monitor), nil},
		{"another package's member", r("schema.TimeoutDelete", "other.TimeoutUpdate").Replace(monitor), nil},
		{"a call", r("schema.TimeoutDelete", "schema.TimeoutUpdate()").Replace(monitor), nil},
		{"the same member", monitor, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := operationDrift(t, del, tc.b)
			if !slices.Equal(got, tc.want) {
				t.Errorf("drift %q, want %q", got, tc.want)
			}
		})
	}
	// Functions named for no operation, and two of other operations.
	for _, names := range [][2]string{{"memberGone", "monitorGone"}, {"resourceMemberCreate", "resourceMonitorUpdate"}} {
		a := r("resourceMemberDelete", names[0]).Replace(del)
		b := r("resourceMemberDelete", names[1], "members.Delete", "monitors.Delete", "TimeoutDelete", "TimeoutUpdate").Replace(del)
		if got := operationDrift(t, a, b); got != nil {
			t.Errorf("%s and %s: drift %q, want none", names[0], names[1], got)
		}
	}
}

// operationDrift is what the near class of a.go's and b.go's functions
// says of a member of another operation.
func operationDrift(t *testing.T, a, b string) []string {
	t.Helper()
	classes := detect(t, divergentOpts(), map[string]string{"a.go": a, "b.go": b})
	var got []string
	for _, c := range classes {
		if len(c.Fragments) != 2 || c.Fragments[0].Start.Line != 3 {
			continue
		}
		for _, d := range driftOf(c) {
			if strings.Contains(d, " "+StepOperation+" ") {
				got = append(got, d)
			}
		}
		if len(got) > 0 && !c.Divergent {
			t.Error("class not divergent")
		}
		return got
	}
	t.Fatal(fmt.Sprintf("no class of the two functions: %v", describe(classes)))
	return nil
}

// TestWordTablesBounded checks that a name of many words (a hostile
// file's) keeps no more opposite names than maxOpposites, and a member of
// many operation words no more variants than one word makes.
func TestWordTablesBounded(t *testing.T) {
	name := "Get" + strings.Repeat("Add", 40)
	var b strings.Builder
	fmt.Fprintf(&b, "package p\n\nfunc %s(x T) {\n", name)
	for range 100 {
		fmt.Fprintf(&b, "\t_ = x.%s\n", strings.Repeat("Get", 40))
	}
	b.WriteString("}\n")
	f := indexSources(t, 50, map[string]string{"a.go": b.String()})[0]
	if n := len(f.opposite); n != maxOpposites {
		t.Errorf("%d opposite names kept, want %d", n, maxOpposites)
	}
	if n, want := len(f.operations), 1+100*(len(operations)-1); n != want {
		t.Errorf("%d operation entries, want %d (the function's, and one word's variants a member)", n, want)
	}
}
