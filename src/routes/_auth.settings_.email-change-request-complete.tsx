import { Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { MessagePage } from '../ui/message-page'
import { accountCommon, emailChangeText } from '../text/account'

export const Route = createFileRoute('/_auth/settings_/email-change-request-complete')({
  component: () => (
    <MessagePage title={emailChangeText.requestCompleteTitle} action={accountCommon.toSettings} to="/settings">
      <Text>{emailChangeText.requestCompleteBody}</Text>
      <Text fontSize="sm" color="fg.muted">
        {emailChangeText.spam}
      </Text>
    </MessagePage>
  ),
})
