// Package browsertest holds the tests of sasl serve's page in a real
// browser: Debian's chromium, headless, driven by chromedp. It has no code
// of its own; its tests play games on the page by clicks and compare what
// they see with the game file and with what sasl's commands do.
//
// The tests are long tests (internal/testkit/longrun: SASL_LONG=1, which
// .ci/run sets) and need chromium on PATH; without either they skip,
// saying why. They run the sasl command itself, built once per test run
// into a temporary folder, and serve the game in the test process as
// sasl serve does (package web).
//
//	SASL_LONG=1 go test ./web/browsertest                  # the page in a browser
//	go test ./web/browsertest -run '^$' -bench PageInBrowser # its speed
//	SASL_SERVE_SHOT=docs/serve.jpg go test ./web/browsertest -run TestServeScreenshot
//
// They live apart from cmd/sasl so that its test binary (many short
// tests) does not carry the browser's protocol.
package browsertest
