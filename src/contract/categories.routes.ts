import * as t from 'io-ts'
import { route } from './route'
import { BooleanFromString, entity, errors, IdParams, Int, IntFromString, ObjectId, queryOf, StringFromQuery } from './codecs'

/** Visibility of a category (or service) at one clinic. */
export const CategoryLocation = entity('CategoryLocation', { clinic: ObjectId }, { showOnline: t.boolean })
export type CategoryLocation = t.TypeOf<typeof CategoryLocation>

const categoryProps = {
  required: { id: ObjectId, name: t.string },
  optional: {
    order: Int,
    showOnline: t.boolean,
    /** id of the parent category; absent or null for a top-level category */
    parentCategory: t.union([ObjectId, t.null]),
    locations: t.array(CategoryLocation),
  },
}

/** A sub-category: same fields as a category, one level deep (sub-categories are not nested further). */
export const SubCategory = entity('SubCategory', categoryProps.required, categoryProps.optional)
export type SubCategory = t.TypeOf<typeof SubCategory>

export const Category = entity('Category', categoryProps.required, {
  ...categoryProps.optional,
  subCategories: t.array(SubCategory),
})
export type Category = t.TypeOf<typeof Category>

/**
 * GET /categories?clinic&fromCustomer=true&skip&count=15&isFromOrg=false
 * (booking side: offset and limit 1500 instead of skip and count).
 */
export const CategoriesQuery = queryOf(
  {},
  {
    clinic: StringFromQuery,
    fromCustomer: BooleanFromString,
    isFromOrg: BooleanFromString,
    skip: IntFromString,
    count: IntFromString,
    offset: IntFromString,
    limit: IntFromString,
  },
)
export type CategoriesQuery = t.TypeOf<typeof CategoriesQuery>

export const getCategories = route({
  method: 'GET',
  path: '/categories',
  access: 'public',
  scope: 'catalogue:read',
  summary: 'The service categories',
  description: 'The categories of services and courses, optionally of one location, in their display order.',
  query: CategoriesQuery,
  responses: { 200: t.array(Category), ...errors(400, 401, 403, 429) },
})

export const getCategory = route({
  method: 'GET',
  path: '/categories/{id}',
  access: 'public',
  summary: 'One service category',
  description: 'A category by its id; 404 when the tenant has none with that id.',
  params: IdParams,
  responses: { 200: Category, ...errors(400, 404) },
})
