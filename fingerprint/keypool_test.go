package fingerprint

import (
	"sync"
	"testing"
)

// TestKeyPool checks that keys gives again an array freed before, the
// shortest that holds what is asked, empty, and a new one when none
// does, when the keys are few or after drop; and that arrays freed and asked for
// from several goroutines at once are each given to one at a time.
func TestKeyPool(t *testing.T) {
	d := &detector{}
	small, freeSmall := d.keys(keyPoolMin)
	large, freeLarge := d.keys(4 * keyPoolMin)
	small, large = append(small, 1), append(large, 2)
	freeLarge()
	freeSmall()
	got, free := d.keys(keyPoolMin + 1)
	if len(got) != 0 || cap(got) != cap(large) || &got[:1][0] != &large[0] {
		t.Errorf("asked for %d keys, got an array of %d, want the freed one of %d", keyPoolMin+1, cap(got), cap(large))
	}
	free()
	if got, _ := d.keys(keyPoolMin / 2); &got[:1][0] == &small[0] || &got[:1][0] == &large[0] {
		t.Error("a few keys were given a kept array")
	}
	if got, _ := d.keys(8 * keyPoolMin); cap(got) != 8*keyPoolMin {
		t.Errorf("asked for more keys than any kept array holds, got an array of %d", cap(got))
	}
	_, free = d.keys(keyPoolMin)
	free()
	d.keyPool.drop()
	if got, _ := d.keys(keyPoolMin); len(d.keyPool.free) != 0 || &got[:1][0] == &small[0] || &got[:1][0] == &large[0] {
		t.Error("an array kept before drop was given again")
	}

	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				keys, free := d.keys(keyPoolMin * (1 + (g+i)%3))
				keys = keys[:cap(keys)]
				for j := range keys {
					keys[j] = uint64(g)
				}
				for j := range keys {
					if keys[j] != uint64(g) {
						t.Errorf("goroutine %d: an array shared with another", g)
						return
					}
				}
				free()
			}
		})
	}
	wg.Wait()
}
