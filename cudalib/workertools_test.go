package cudalib

import (
	"slices"
	"testing"
)

// Under ncu the worker gets the tree launcher's libraries preloaded, each
// once, before any preload of its own; without a tool its environment is
// left alone.
func TestWorkerEnvPreloadsTheTools(t *testing.T) {
	const dir = "/opt/nvidia/nsight-compute/2025.3.1/target/linux-desktop-glibc_2_11_3-x64/"
	maps := "55d0c0a00000-55d0c0a01000 r--p 00000000 08:01 1 /work/culab\n" +
		"7f0000000000-7f0000001000 r--p 00000000 08:01 2 " + dir + "libInterceptorInjectionTarget.so\n" +
		"7f0000001000-7f0000002000 r-xp 00001000 08:01 2 " + dir + "libInterceptorInjectionTarget.so\n" +
		"7f0000003000-7f0000004000 r--p 00000000 08:01 3 " + dir + "libTreeLauncherTargetInjection.so\n" +
		"7f0000005000-7f0000006000 r--p 00000000 08:01 4 " + dir + "libcuda-injection.so\n" +
		"7f0000007000-7f0000008000 rw-p 00000000 00:00 0 \n" +
		"7ffd00000000-7ffd00001000 rw-p 00000000 00:00 0 [stack]\n"
	libs := toolLibs(maps)
	want := []string{dir + "libInterceptorInjectionTarget.so", dir + "libTreeLauncherTargetInjection.so"}
	if !slices.Equal(libs, want) {
		t.Fatalf("tool libraries %q, want %q", libs, want)
	}
	env := withPreload([]string{"HOME=/root", "LD_PRELOAD=/usr/lib/libmine.so", "NV_TPS_LAUNCH_TOKEN=Interactive Profile"}, libs)
	wantEnv := []string{"HOME=/root", "NV_TPS_LAUNCH_TOKEN=Interactive Profile", "LD_PRELOAD=" + want[0] + ":" + want[1] + ":/usr/lib/libmine.so"}
	if !slices.Equal(env, wantEnv) {
		t.Fatalf("worker env %q, want %q", env, wantEnv)
	}
	if env := withPreload([]string{"LD_PRELOAD="}, libs[:1]); !slices.Equal(env, []string{"LD_PRELOAD=" + want[0]}) {
		t.Fatalf("empty preload: %q", env)
	}
	if toolLibs("7f00-7f01 r--p 0 08:01 2 /usr/lib/libc.so.6\n") != nil || withPreload([]string{"A=1"}, nil) != nil {
		t.Fatal("without a tool the worker must inherit the environment unchanged")
	}
}
