// Package words holds what every package that writes a message says the
// same way, below report, which the engine cannot import.
package words

import "strconv"

// Count is n followed by the noun, singular for 1: "1 class", "3 classes".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
