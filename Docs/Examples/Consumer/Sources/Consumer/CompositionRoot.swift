import NotesFeature
import Wiring

struct InMemoryNoteStore: NoteStore {
  let notes: [String]
  func titles() -> [String] { notes }
}

/// How many times any container ran its auto-registration.
let autoRegistrations = Tally()

extension Container: @retroactive AutoRegistering {
  public func autoRegister() {
    autoRegistrations.bump()
    noteStore.register { InMemoryNoteStore(notes: ["Groceries", "Books to read"]) }
  }
}

// MARK: Run

@MainActor
func runModularApp() {
  Report.section("Modular apps")
  let app = Container()
  let before = autoRegistrations.value

  check(
    "a promised factory resolves what the app registered",
    app.listNotes()() == ["Books to read", "Groceries"])
  _ = app.listNotes()
  check("autoRegister runs once per container", autoRegistrations.value - before == 1)
  app.manager.reset()
  _ = app.listNotes()
  check("autoRegister runs again after manager.reset()", autoRegistrations.value - before == 2)

  app.noteStore.reset()  // as if the app had never registered a store
  let outcome = catchResolutionFailure { app.listNotes() }
  if case .failure(let failure) = outcome {
    print("      \(failure)")
    check("a missing promise is reported with the chain that needed it",
      failure.kind == .missingRegistration
        && failure.chain == ["Container.listNotes", "Container.noteStore"])
  } else {
    check("a missing promise is reported with the chain that needed it", false)
  }
}
