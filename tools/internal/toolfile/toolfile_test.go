package toolfile

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

type log struct {
	Rows []string
	N    int
}

func TestJSONRoundTripPlainAndGzipped(t *testing.T) {
	dir := t.TempDir()
	want := log{Rows: []string{"a", "b"}, N: 3}
	plain := filepath.Join(dir, "log.json")
	if err := WriteJSON(plain, want); err != nil {
		t.Fatal(err)
	}
	var got log
	if err := ReadJSON(plain, &got); err != nil || got.N != 3 || len(got.Rows) != 2 {
		t.Fatalf("plain: %+v, %v", got, err)
	}
	raw, _ := os.ReadFile(plain)
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write(raw)
	zw.Close()
	gz := filepath.Join(dir, "log.json.gz")
	if err := os.WriteFile(gz, zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got = log{}
	if err := ReadJSON(gz, &got); err != nil || got.N != 3 {
		t.Fatalf("gzipped: %+v, %v", got, err)
	}
	// A .gz name on plain JSON is an error that names the file.
	bad := filepath.Join(dir, "bad.json.gz")
	os.WriteFile(bad, raw, 0o644)
	if err := ReadJSON(bad, &got); err == nil || !bytes.Contains([]byte(err.Error()), []byte("bad.json.gz")) {
		t.Errorf("plain JSON named .gz: %v", err)
	}
}

func TestCreateReportsTheClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.md")
	w, done, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("# report\n"))
	if err := done(); err != nil {
		t.Fatal(err)
	}
	if err := done(); err == nil {
		t.Error("a second close reported nothing")
	}
	if b, _ := os.ReadFile(path); string(b) != "# report\n" {
		t.Errorf("file holds %q", b)
	}
	if w, done, err := Create(""); err != nil || w != os.Stdout || done() != nil {
		t.Errorf("empty path: %v, %v", w, err)
	}
}
