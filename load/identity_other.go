//go:build !unix

package load

import "io/fs"

// A fileID is a file's identity, which this system does not give.
type fileID struct{ dev, ino uint64 }

// identityOf reports that the file's identity is unknown here: files are
// compared with os.SameFile.
func identityOf(fs.FileInfo) (fileID, bool) { return fileID{}, false }
