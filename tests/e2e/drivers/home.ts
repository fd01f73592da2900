import type { Page } from '@playwright/test'
import { homeText } from '../../../src/text/home'

// Locators of the home page (product.md §2 "/"), shared by the specs that end on home.

export const ticketSection = (page: Page) => page.getByRole('region', { name: homeText.tickets.title })
export const ticketCards = (page: Page) => ticketSection(page).getByRole('article')
export const cardsLabelled = (page: Page, label: keyof typeof homeText.labels) =>
  ticketCards(page).filter({ has: page.getByText(homeText.labels[label], { exact: true }) })
export const changeButtons = (page: Page) => ticketSection(page).getByRole('link', { name: homeText.tickets.change })
export const calendarDays = (page: Page) => page.getByRole('list', { name: homeText.calendar.title }).getByRole('listitem')
export const couponSection = (page: Page) => page.getByRole('region', { name: homeText.coupons.title })
