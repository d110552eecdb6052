/** courses: the courses the signed-in customer bought, with the sessions still available. */
import type { Command } from 'commander'
import { ListMyCourses } from '../../src/application/use-cases/courses.use-case'
import { courseAvailable, courseExpiryText } from '../../src/domain/booking/course'
import type { CliContext } from '../context'
import { formatTable } from '../output/table'

export function registerCoursesCommand(program: Command, ctx: CliContext): void {
  program
    .command('courses')
    .description('your purchased courses (newest first) with the sessions still available')
    .action(async () => {
      const user = await ctx.currentUser()
      const courses = await ctx.call('Loading courses', () => ctx.useCase(ListMyCourses).execute(user.id))
      ctx.print(courses, () =>
        formatTable(
          courses,
          [
            { header: 'ID', value: (c) => c.id },
            { header: 'Course', value: (c) => c.name },
            { header: 'Service', value: (c) => c.service.name },
            { header: 'Available', value: (c) => `${courseAvailable(c)} of ${c.quantity}`, align: 'right' },
            { header: 'Expiry', value: (c) => courseExpiryText(c.endsOn) },
            { header: 'Location', value: (c) => c.purchaseLocation?.accountName ?? '' },
          ],
          { empty: 'No content to show.', header: ctx.style.bold },
        ),
      )
    })
}
