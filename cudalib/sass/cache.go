package sass

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"

	"github.com/culab/culab/internal/userdir"
)

// The disassembly cache: one file per CUBIN (named by the hash of the
// tools' versions and the CUBIN), the hex SHA-256 of the text on its
// first line, then the text, so that a truncated or corrupt file is
// recognised and disassembled again. Its directory is this user's alone
// (userdir): counts read from a planted file would be wrong silently.

// disasmVersion is nvdisasm's pip package version under dir, from its
// dist-info directory's name ("?" when not found).
func disasmVersion(dir string) string {
	m, _ := filepath.Glob(filepath.Join(dir, "nvidia_cuda_nvdisasm-*.dist-info"))
	if len(m) != 1 {
		return "?"
	}
	v := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(m[0]), "nvidia_cuda_nvdisasm-"), ".dist-info")
	return v
}

func readEntry(dir, path string) (string, bool) {
	if userdir.Private(dir) != nil {
		return "", false
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", false
	}
	sum, text, ok := strings.Cut(string(b), "\n")
	if !ok || sum != hexSum(text) {
		_ = os.Remove(path)
		return "", false
	}
	return text, true
}

// writeEntry writes under a temporary name and renames it into place, so
// that a reader sees a whole entry or none.
func writeEntry(dir, path, text string) {
	if userdir.Private(dir) != nil {
		return
	}
	f, err := os.CreateTemp(dir, ".tmp-")
	if err != nil {
		return
	}
	_, werr := f.WriteString(hexSum(text) + "\n" + text)
	cerr := f.Close()
	if werr != nil || cerr != nil || os.Rename(f.Name(), path) != nil {
		_ = os.Remove(f.Name())
	}
}

func hexSum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}
