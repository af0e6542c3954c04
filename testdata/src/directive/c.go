//lint:file-ignore copycat staticcheck's file-level form leaves this whole file out

package directive

func fileIgnored(xs []int) int {
	sum := 0
	for _, x := range xs {
		if x > 0 {
			sum += x
		} else {
			sum -= x
		}
	}
	return sum
}
