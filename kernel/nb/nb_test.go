package nb

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
)

type fakeHost struct{}

func (fakeHost) Input(prompt string, password bool) (string, error) {
	return fmt.Sprintf("typed at %q (password %v)", prompt, password), nil
}

func (fakeHost) Kernel(name string) (*cudalib.Kernel, error) {
	return nil, fmt.Errorf("no kernel %q", name)
}

func (fakeHost) Symbol(name string) (*cudalib.Symbol, error) {
	return nil, fmt.Errorf("no variable %q", name)
}

func TestHost(t *testing.T) {
	if _, err := ReadLine("x"); !errors.Is(err, ErrNoHost) {
		t.Errorf("ReadLine without a host: %v", err)
	}
	if _, err := Kernel("k"); !errors.Is(err, ErrNoHost) {
		t.Errorf("Kernel without a host: %v", err)
	}
	if _, err := Symbol("w"); !errors.Is(err, ErrNoHost) {
		t.Errorf("Symbol without a host: %v", err)
	}
	restore := SetHost(fakeHost{})
	if got, err := ReadLine("name?"); err != nil || got != `typed at "name?" (password false)` {
		t.Errorf("ReadLine = %q, %v", got, err)
	}
	if _, err := Kernel("vadd"); err == nil || !strings.Contains(err.Error(), `no kernel "vadd"`) {
		t.Errorf("Kernel: %v", err)
	}
	if _, err := Symbol("w"); err == nil || !strings.Contains(err.Error(), `no variable "w"`) {
		t.Errorf("Symbol: %v", err)
	}
	restore()
	if _, err := ReadLine("x"); !errors.Is(err, ErrNoHost) {
		t.Errorf("ReadLine after restore: %v", err)
	}
}

func TestDevice(t *testing.T) {
	d, err := Device()
	if err != nil {
		if !strings.HasPrefix(err.Error(), "nb.Device: ") {
			t.Errorf("error without context: %v", err)
		}
		t.Skipf("no GPU: %v", err)
	}
	if again, _ := Device(); again != d {
		t.Error("Device opened a second device")
	}
}

// A cell that closes the notebook's device gets a new one from Device, as
// the closed one's errors tell it to: Device kept returning the closed
// one, which refused every allocation for the rest of the session.
func TestDeviceAfterClose(t *testing.T) {
	d, err := Device()
	if err != nil {
		t.Skipf("no GPU: %v", err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Float32s(4); err == nil || !strings.Contains(err.Error(), "open it again (nb.Device()") {
		t.Errorf("allocation on the closed device: %v", err)
	}
	again, err := Device()
	if err != nil || again == d {
		t.Fatalf("Device after Close: %v, %v (the closed one: %v)", again, err, again == d)
	}
	b, err := again.Float32s(4)
	if err != nil {
		t.Fatalf("allocation on the new device: %v", err)
	}
	b.Free()
}
