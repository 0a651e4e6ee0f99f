// Package kernelspec installs, lists and removes culab's Jupyter
// kernelspec: <data dir>/kernels/culab/ holding kernel.json and logos.
package kernelspec

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Name is the kernelspec's name: `jupyter notebook --kernel culab`.
const Name = "culab"

// DisplayName is what front ends show in their kernel menus.
const DisplayName = "Go (culab)"

// marker is the metadata key that tells culab's kernelspecs from others.
const marker = "culab"

// Options choose where the kernelspec goes. The zero value is the user's
// Jupyter data directory ($JUPYTER_DATA_DIR, else the platform default,
// ~/.local/share/jupyter on Linux), as `jupyter kernelspec install --user`.
type Options struct {
	// SysPrefix installs into the Python environment Jupyter runs from:
	// sys.prefix of python3 on PATH, else $VIRTUAL_ENV, else $CONDA_PREFIX.
	SysPrefix bool
	// Prefix installs into Prefix/share/jupyter.
	Prefix string
	// Executable is the kernel program, argv[0] in kernel.json; empty
	// means the running binary.
	Executable string
	// Version is culab's version, recorded in the spec's metadata.
	Version string
}

// Spec is an installed culab kernelspec.
type Spec struct {
	Name        string
	Dir         string // the kernelspec directory, holding kernel.json
	DisplayName string
	Argv        []string
	Version     string
}

// kernelJSON is kernel.json as Jupyter reads it.
type kernelJSON struct {
	Argv          []string       `json:"argv"`
	DisplayName   string         `json:"display_name"`
	Language      string         `json:"language"`
	InterruptMode string         `json:"interrupt_mode"`
	Metadata      map[string]any `json:"metadata"`
}

// Dir is the kernelspec directory opts designate.
func Dir(opts Options) (string, error) {
	data, err := dataDir(opts)
	if err != nil {
		return "", err
	}
	return filepath.Join(data, "kernels", Name), nil
}

// Install writes the kernelspec, replacing an earlier one in the same
// place, and returns it.
func Install(opts Options) (Spec, error) {
	dir, err := Dir(opts)
	if err != nil {
		return Spec{}, err
	}
	exe := opts.Executable
	if exe == "" {
		if exe, err = os.Executable(); err != nil {
			return Spec{}, fmt.Errorf("kernelspec: locating this program: %w", err)
		}
	}
	// Jupyter starts the kernel from anywhere: argv[0] must be absolute.
	if exe, err = filepath.Abs(exe); err != nil {
		return Spec{}, fmt.Errorf("kernelspec: %w", err)
	}
	kj := kernelJSON{
		Argv:          []string{exe, "kernel", "-f", "{connection_file}"},
		DisplayName:   DisplayName,
		Language:      "go",
		InterruptMode: "message",
		Metadata:      map[string]any{"debugger": false, marker: map[string]any{"version": opts.Version}},
	}
	b, err := json.MarshalIndent(kj, "", "  ")
	if err != nil {
		return Spec{}, fmt.Errorf("kernelspec: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Spec{}, fmt.Errorf("kernelspec: %w", err)
	}
	files := map[string][]byte{"kernel.json": append(b, '\n')}
	for _, size := range []int{32, 64} {
		png, err := logo(size)
		if err != nil {
			return Spec{}, err
		}
		files[fmt.Sprintf("logo-%dx%d.png", size, size)] = png
	}
	for name, data := range files {
		if err := writeFile(filepath.Join(dir, name), data); err != nil {
			return Spec{}, err
		}
	}
	return Spec{Name: Name, Dir: dir, DisplayName: DisplayName, Argv: kj.Argv, Version: opts.Version}, nil
}

// Uninstall removes the kernelspec opts designate and returns its
// directory. It refuses a directory that is not a culab kernelspec; when
// there is none the error wraps fs.ErrNotExist.
func Uninstall(opts Options) (string, error) {
	dir, err := Dir(opts)
	if err != nil {
		return "", err
	}
	if _, err := read(dir); err != nil {
		return "", err
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", fmt.Errorf("kernelspec: %w", err)
	}
	return dir, nil
}

// List finds the culab kernelspecs on Jupyter's data path ($JUPYTER_PATH,
// the user's data directory, the Python environment's, the system's), in
// that order of precedence.
func List() ([]Spec, error) {
	var specs []Spec
	for _, d := range dataPath() {
		dirs, err := filepath.Glob(filepath.Join(d, "kernels", "*", "kernel.json"))
		if err != nil {
			return nil, fmt.Errorf("kernelspec: %w", err)
		}
		for _, kj := range dirs {
			s, err := read(filepath.Dir(kj))
			if err != nil {
				continue // not ours, or unreadable: not a culab kernelspec
			}
			specs = append(specs, s)
		}
	}
	return specs, nil
}

// read loads the culab kernelspec in dir.
func read(dir string) (Spec, error) {
	b, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if err != nil {
		return Spec{}, fmt.Errorf("kernelspec: no culab kernelspec in %s: %w", dir, err)
	}
	var kj kernelJSON
	if err := json.Unmarshal(b, &kj); err != nil {
		return Spec{}, fmt.Errorf("kernelspec: %s: %w", dir, err)
	}
	m, ok := kj.Metadata[marker].(map[string]any)
	if !ok {
		return Spec{}, fmt.Errorf("kernelspec: %s is not a culab kernelspec", dir)
	}
	v, _ := m["version"].(string)
	return Spec{Name: filepath.Base(dir), Dir: dir, DisplayName: kj.DisplayName, Argv: kj.Argv, Version: v}, nil
}

// writeFile replaces path atomically, so Jupyter never reads half a file.
func writeFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path))
	if err != nil {
		return fmt.Errorf("kernelspec: %w", err)
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr, os.Chmod(f.Name(), 0o644)); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("kernelspec: %w", err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("kernelspec: %w", err)
	}
	return nil
}

// dataDir is the Jupyter data directory opts designate.
func dataDir(opts Options) (string, error) {
	switch {
	case opts.SysPrefix && opts.Prefix != "":
		return "", errors.New("kernelspec: choose one of sys-prefix and prefix")
	case opts.Prefix != "":
		p, err := filepath.Abs(opts.Prefix)
		if err != nil {
			return "", fmt.Errorf("kernelspec: %w", err)
		}
		return filepath.Join(p, "share", "jupyter"), nil
	case opts.SysPrefix:
		p, err := sysPrefix()
		if err != nil {
			return "", err
		}
		return filepath.Join(p, "share", "jupyter"), nil
	}
	return userDataDir()
}

// userDataDir follows jupyter_core's jupyter_data_dir.
func userDataDir() (string, error) {
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return filepath.Abs(d)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("kernelspec: user data dir: %w", err)
	}
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Jupyter"), nil
	case "windows":
		if a := os.Getenv("APPDATA"); a != "" {
			return filepath.Join(a, "jupyter"), nil
		}
		return filepath.Join(home, ".jupyter", "data"), nil
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "jupyter"), nil
	}
	return filepath.Join(home, ".local", "share", "jupyter"), nil
}

// sysPrefix is the prefix of the Python environment Jupyter most likely
// runs from: the python3 on PATH (an activated venv or conda env puts its
// own first); without one, the environment variables activation sets.
func sysPrefix() (string, error) {
	for _, py := range []string{"python3", "python"} {
		out, err := exec.Command(py, "-c", "import sys; print(sys.prefix)").Output()
		if err == nil {
			if p := strings.TrimSpace(string(out)); p != "" {
				return p, nil
			}
		}
	}
	for _, v := range []string{"VIRTUAL_ENV", "CONDA_PREFIX"} {
		if p := os.Getenv(v); p != "" {
			return p, nil
		}
	}
	return "", errors.New("kernelspec: no Python environment found for sys-prefix (no python3 on PATH, VIRTUAL_ENV or CONDA_PREFIX)")
}

// dataPath is Jupyter's data search path, highest precedence first, as
// jupyter_core's jupyter_path builds it; missing entries are skipped.
func dataPath() []string {
	var path []string
	for _, d := range filepath.SplitList(os.Getenv("JUPYTER_PATH")) {
		if d != "" {
			path = append(path, d)
		}
	}
	if d, err := userDataDir(); err == nil {
		path = append(path, d)
	}
	if p, err := sysPrefix(); err == nil {
		path = append(path, filepath.Join(p, "share", "jupyter"))
	}
	if runtime.GOOS == "windows" {
		if p := os.Getenv("PROGRAMDATA"); p != "" {
			path = append(path, filepath.Join(p, "jupyter"))
		}
	} else {
		path = append(path, "/usr/local/share/jupyter", "/usr/share/jupyter")
	}
	// The same directory reached twice would list its specs twice.
	var out []string
	for _, d := range path {
		if abs, err := filepath.Abs(d); err == nil && !slices.Contains(out, abs) {
			if _, err := os.Stat(abs); !errors.Is(err, fs.ErrNotExist) {
				out = append(out, abs)
			}
		}
	}
	return out
}
