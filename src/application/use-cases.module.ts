import { ContainerModule } from 'inversify'

/** A use case class: bound to itself, injected by class. */
export type UseCaseClass = new (...args: never[]) => { execute: (...args: never[]) => unknown }

/** Binds the given use cases to themselves (injected by class), in singleton scope: they hold no state. */
export function useCasesModule(classes: readonly UseCaseClass[]): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const useCase of classes) bind<unknown>(useCase).toSelf().inSingletonScope()
  })
}
