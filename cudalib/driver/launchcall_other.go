//go:build !amd64

package driver

// callLaunch calls fr.fn through purego's general call.
func callLaunch(fr *launchFrame) int {
	fr.ret = uintptr(call(fr.fn, fr.f, fr.gx, fr.gy, fr.gz, fr.bx, fr.by, fr.bz, fr.shared, fr.stream, uintptr(fr.params), fr.extra))
	return int(int32(fr.ret))
}
