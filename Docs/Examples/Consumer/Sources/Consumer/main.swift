// Runs every example from the guides and checks that each behaves as the guides say.
await runGettingStarted()
runScopes()
runOverrides()
runModularApp()
runDiagnostics()
await runAsyncFactories()
Report.finish()
