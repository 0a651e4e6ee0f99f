//go:build !race

package goengine

// raceBuild says the test binary, and so the engine process it starts, runs
// under the race detector.
const raceBuild = false
