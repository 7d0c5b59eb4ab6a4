/**
 * Token formats that are a secret on their own: a vendor prefix or a fixed shape no ordinary text has.
 * Counted against two maintained rule sets, gitleaks (config/gitleaks.toml) and Yelp/detect-secrets
 * (detect_secrets/plugins): every self-identifying format they list has a rule here, written for this
 * project. Their keyword-only rules ("a 32-char value next to the word datadog") are covered by the
 * `name = value` check in secrets.ts instead, which any vendor name ending in key/token/secret meets.
 *
 * Each rule names a few lower-case literals (`keywords`); the regex runs only when one occurs in the
 * lower-cased text, so 80 rules cost a handful of substring searches on a typical fact.
 */

import { wordShare } from './secret-values.js';

export interface SecretRule {
  /** Stable short name, shown in errors: `gitlab-token`. */
  id: string;
  /** What the user is told it looks like: "a GitLab token". */
  label: string;
  /** Lower-case literals; the regex runs only when the text holds one (empty: always runs). */
  keywords: readonly string[];
  regex: RegExp;
  /** Extra test on the match, for formats whose shape alone is too weak. */
  accept?: (match: RegExpExecArray) => boolean;
}

// Token characters never touch a token on either side, so `mask-…` is not `sk-…` and a longer word
// holding a prefix is not a token.
const EDGE_LEFT = '(?<![A-Za-z0-9_-])';
const EDGE_RIGHT = '(?![A-Za-z0-9_-])';

function token(body: string, flags = ''): RegExp {
  return new RegExp(`${EDGE_LEFT}(?:${body})${EDGE_RIGHT}`, flags);
}

function rule(id: string, label: string, keywords: readonly string[], regex: RegExp, accept?: SecretRule['accept']): SecretRule {
  return { id, label, keywords, regex, accept };
}

const mixedCase = (m: RegExpExecArray): boolean => /[a-z]/.test(m[0]) && /[A-Z]/.test(m[0]);

export const TOKEN_RULES: readonly SecretRule[] = [
  // Keys and key material.
  rule('private-key', 'a private key block', ['private key'], /-----(?:BEGIN|END)[A-Z0-9 _-]{0,40}PRIVATE KEY(?: BLOCK)?-----/),
  rule('putty-private-key', 'a PuTTY private key', ['putty-user-key-file'], /PuTTY-User-Key-File-\d+:/),
  // DER of a private key as PEM holds it, with or without its BEGIN line: PKCS#1/PKCS#8 RSA
  // (`MII..IBAA`/`IBAD`, the version field), SEC1 EC, PKCS#8 Ed25519 and OpenSSH's own format.
  rule(
    'private-key-body',
    'a private key body',
    ['mii', 'mhccaqee', 'migkagebbd', 'mc4caqawbqydk2vw', 'b3blbnnzac1rzxktdje'],
    /(?<![A-Za-z0-9+/])(?:MII[A-Za-z0-9+/]{1,3}IBA[AD]|MHcCAQEE|MIGkAgEBBD|MC4CAQAwBQYDK2Vw|b3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/]{24,}/,
  ),
  rule('age-secret-key', 'an age secret key', ['age-secret-key-1'], /AGE-SECRET-KEY-1[0-9A-Z]{58}/),
  rule('1password-secret-key', 'a 1Password secret key', ['a3-'], token('A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}')),
  rule('1password-service-token', 'a 1Password service account token', ['ops_eyj'], /ops_eyJ[A-Za-z0-9+/]{100,}/),

  // Cloud providers.
  // AWS's own documentation keys end in EXAMPLE.
  rule('aws-access-key', 'an AWS access key', ['akia', 'asia', 'abia', 'acca', 'a3t'], token('(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}'), (m) => !m[0].endsWith('EXAMPLE')),
  rule('aws-secret-key', 'an AWS secret access key', ['aws_secret', 'secret_access_key', 'awssecret'], /aws_?secret_?(?:access_?)?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+]{30,}/i),
  rule('aws-bedrock-key', 'an Amazon Bedrock API key', ['absk', 'bedrock-api-key-'], token('ABSK[A-Za-z0-9+/]{100,}={0,2}|bedrock-api-key-[A-Za-z0-9+/]{40,}={0,2}')),
  rule('aws-signed-url', 'a signed AWS URL', ['x-amz-signature', 'x-amz-security-token'], /X-Amz-(?:Signature=[0-9a-f]{64}|Security-Token=[A-Za-z0-9%/+=]{40,})/i),
  rule('azure-storage-key', 'an Azure storage or service bus key', ['accountkey=', 'sharedaccesskey='], /(?:AccountKey|SharedAccessKey)=[A-Za-z0-9+/]{40,}={0,2}/i),
  rule('azure-sas-token', 'an Azure SAS token', ['sig='], /[?&]sig=[A-Za-z0-9%+/]{30,}/),
  rule('azure-ad-client-secret', 'an Azure AD client secret', ['q~'], token('[A-Za-z0-9_~.]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}')),
  rule('google-api-key', 'a Google API key', ['aiza'], token('AIza[A-Za-z0-9_-]{35}')),
  rule('google-oauth-secret', 'a Google OAuth client secret', ['gocspx-'], token('GOCSPX-[A-Za-z0-9_-]{28}')),
  rule('google-oauth-token', 'a Google OAuth access token', ['ya29.'], token('ya29\\.[A-Za-z0-9_-]{30,}')),
  rule('alibaba-access-key', 'an Alibaba Cloud access key', ['ltai'], token('LTAI[A-Za-z0-9]{20}')),
  rule('digitalocean-token', 'a DigitalOcean token', ['_v1_'], token('do[opr]_v1_[a-f0-9]{64}')),
  rule('cloudflare-origin-ca-key', 'a Cloudflare Origin CA key', ['v1.0-'], token('v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}')),
  rule('yandex-token', 'a Yandex Cloud key', ['aqvn', 't1.'], token('AQVN[A-Za-z0-9_-]{35,38}|t1\\.[A-Za-z0-9_-]{20,}={0,2}\\.[A-Za-z0-9_-]{86}={0,2}')),
  rule('fly-token', 'a Fly.io token', ['fo1_', 'fm1', 'fm2_'], token('fo1_[A-Za-z0-9_-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,}={0,3}|fm2_[A-Za-z0-9+/]{100,}={0,3}')),
  rule('heroku-key', 'a Heroku API key', ['hrku-'], token('HRKU-AA[A-Za-z0-9_-]{58}')),
  rule('vault-token', 'a HashiCorp Vault token', ['hvs.', 'hvb.'], token('hv[sb]\\.[A-Za-z0-9_-]{24,}')),
  rule('terraform-token', 'a Terraform Cloud token', ['.atlasv1.'], token('[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,70}')),
  rule('openshift-token', 'an OpenShift token', ['sha256~'], /sha256~[A-Za-z0-9_-]{43}/),
  rule('planetscale-token', 'a PlanetScale token or password', ['pscale_'], token('pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_.=-]{32,64}')),
  rule('supabase-token', 'a Supabase token', ['sbp_'], token('sbp_[a-f0-9]{40}')),
  rule('netlify-token', 'a Netlify token', ['nfp_'], token('nfp_[A-Za-z0-9]{36,40}')),
  rule('databricks-token', 'a Databricks token', ['dapi'], token('dapi[a-f0-9]{32}(?:-\\d)?')),
  rule('doppler-token', 'a Doppler token', ['dp.'], token('dp\\.(?:pt|st|ct|sa|scim|audit)\\.[A-Za-z0-9]{40,44}')),
  rule('pulumi-token', 'a Pulumi token', ['pul-'], token('pul-[a-f0-9]{40}')),
  rule('scalingo-token', 'a Scalingo token', ['tk-us-'], token('tk-us-[A-Za-z0-9_-]{48}')),

  // Code hosting, packages, CI.
  rule('github-token', 'a GitHub token', ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'], /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/),
  rule(
    'gitlab-token',
    'a GitLab token',
    ['glpat-', 'glptt-', 'glrt-', 'gldt-', 'glft-', 'glimt-', 'glagent-', 'gloas-', 'glsoat-', 'glcbt-', 'glffct-', 'gr1348941', '_gitlab_session='],
    /(?<![A-Za-z0-9_-])(?:(?:glpat|glptt|glrt|gldt|glft|glimt|glagent|gloas|glsoat|glffct)-[A-Za-z0-9_.-]{20,}|glcbt-[A-Za-z0-9]{1,5}_[A-Za-z0-9_-]{20,}|GR1348941[A-Za-z0-9_-]{20,})|_gitlab_session=[0-9a-z]{32}/,
  ),
  rule('npm-token', 'an npm token', ['npm_'], token('npm_[A-Za-z0-9]{36}')),
  rule('pypi-token', 'a PyPI token', ['pypi-age'], token('pypi-AgE[A-Za-z0-9_-]{50,}')),
  rule('rubygems-token', 'a RubyGems token', ['rubygems_'], token('rubygems_[a-f0-9]{48}')),
  rule('clojars-token', 'a Clojars token', ['clojars_'], token('CLOJARS_[A-Za-z0-9]{60}')),
  rule('docker-token', 'a Docker Hub token', ['dckr_'], token('dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}')),
  rule('nuget-password', 'a NuGet feed password', ['password'], /(?:ClearText)?Password"\s+value="[^"]{8,}"/i),
  rule('artifactory-token', 'an Artifactory token', ['akcp', 'cmvmd'], token('AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59}')),
  rule('atlassian-token', 'an Atlassian API token', ['atatt3'], token('ATATT3[A-Za-z0-9_=-]{100,}')),
  rule('sourcegraph-token', 'a Sourcegraph token', ['sgp_'], token('sgp_(?:[a-fA-F0-9]{16}_)?[a-fA-F0-9]{40}')),
  rule('octopus-key', 'an Octopus Deploy API key', ['api-'], token('API-[A-Z0-9]{26}')),
  rule('postman-key', 'a Postman API key', ['pmak-'], token('PMAK-[a-f0-9]{24}-[a-f0-9]{34}')),
  rule('prefect-key', 'a Prefect API key', ['pnu_'], token('pnu_[A-Za-z0-9]{36}')),
  rule('readme-key', 'a ReadMe API key', ['rdme_'], token('rdme_[a-z0-9]{70}')),
  rule('infracost-key', 'an Infracost API key', ['ico-'], token('ico-[A-Za-z0-9]{32}')),
  rule('sentry-token', 'a Sentry token', ['sntrys_', 'sntryu_'], token('sntryu_[a-f0-9]{64}|sntrys_[A-Za-z0-9+/=_]{40,}')),
  rule('grafana-token', 'a Grafana token', ['glc_', 'glsa_', 'eyjrijoi'], token('glc_[A-Za-z0-9+/]{32,}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|eyJrIjoi[A-Za-z0-9]{70,}={0,3}')),
  rule('newrelic-key', 'a New Relic key', ['nrak-', 'nrii-'], token('NRAK-[A-Z0-9]{27}|NRII-[A-Za-z0-9-]{32}')),
  rule('dynatrace-token', 'a Dynatrace token', ['dt0c01.'], token('dt0c01\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64}')),
  rule('linear-key', 'a Linear API key', ['lin_api_'], token('lin_api_[A-Za-z0-9]{40}')),
  rule('notion-token', 'a Notion token', ['ntn_', 'secret_'], token('ntn_\\d{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43}')),
  rule('airtable-token', 'an Airtable token', ['pat'], token('pat[A-Za-z0-9]{14}\\.[a-f0-9]{64}')),
  rule('settlemint-token', 'a SettleMint token', ['sm_'], token('sm_(?:pat|aat|sat)_[A-Za-z0-9]{16}')),
  rule('adobe-secret', 'an Adobe client secret', ['p8e-'], token('p8e-[A-Za-z0-9]{32}')),
  rule('frameio-token', 'a Frame.io token', ['fio-u-'], token('fio-u-[A-Za-z0-9_=-]{64}')),

  // Chat, mail and messaging.
  rule('slack-token', 'a Slack token', ['xox', 'xapp-'], /(?<![A-Za-z0-9])(?:xox[abposer]-(?:\d-)?[A-Za-z0-9-]{10,}|xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+)/),
  rule('slack-webhook', 'a Slack webhook URL', ['hooks.slack.com'], /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]{8,}/),
  rule('discord-webhook', 'a Discord webhook URL', ['discord'], /discord(?:app)?\.com\/api\/webhooks\/\d{5,}\/[A-Za-z0-9_-]{30,}/),
  // The shape alone: random base64 segments, not a dotted name like `MessageProcessingService.handle.…`.
  rule('discord-bot-token', 'a Discord bot token', [], token('[MNO][A-Za-z0-9_-]{23,25}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}'), (m) => mixedCase(m) && wordShare(m[0]) < 0.6),
  rule('telegram-bot-token', 'a Telegram bot token', [':a'], /(?<![\d:])\d{8,10}:A[A-Za-z0-9_-]{34}(?![A-Za-z0-9_-])/),
  rule('teams-webhook', 'a Microsoft Teams webhook URL', ['webhook.office.com'], /\.webhook\.office\.com\/webhookb2\/[0-9a-f-]{36}@[0-9a-f-]{36}\/IncomingWebhook\/[0-9a-f]{32}/i),
  rule('sendgrid-key', 'a SendGrid API key', ['sg.'], token('SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}')),
  rule('sendinblue-key', 'a Brevo (Sendinblue) API key', ['xkeysib-'], token('xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}')),
  rule('mailgun-key', 'a Mailgun API key', ['key-'], token('key-[0-9a-f]{32}')),
  rule('mailchimp-key', 'a Mailchimp API key', ['-us'], token('[0-9a-f]{32}-us\\d{1,2}')),
  rule('twilio-key', 'a Twilio API key or account SID', ['sk', 'ac'], token('(?:SK|AC)[0-9a-f]{32}')),
  rule('twitter-bearer-token', 'a Twitter bearer token', ['aaaaaaaaaaaaaaaaaaaaaa'], /A{22}[A-Za-z0-9%]{30,}/),

  // AI and data APIs.
  rule('anthropic-key', 'an Anthropic API key', ['sk-ant-'], /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}/),
  rule(
    'openai-key',
    'an OpenAI-style API key',
    ['sk-'],
    /(?<![A-Za-z0-9_-])sk-(?:proj-|svcacct-|admin-)?([A-Za-z0-9_-]{20,})/,
    // `sk-some-long-hyphenated-name` is prose, not a key.
    (m) => !/^[a-z]+(?:-[a-z]+)+$/.test(m[1] ?? ''),
  ),
  rule('huggingface-token', 'a Hugging Face token', ['hf_', 'api_org_'], token('(?:hf|api_org)_[A-Za-z]{30,}'), mixedCase),
  rule('groq-key', 'a Groq API key', ['gsk_'], token('gsk_[A-Za-z0-9]{48,}')),
  rule('xai-key', 'an xAI API key', ['xai-'], token('xai-[A-Za-z0-9]{70,}')),
  rule('replicate-token', 'a Replicate token', ['r8_'], token('r8_[A-Za-z0-9]{37}')),
  rule('perplexity-key', 'a Perplexity API key', ['pplx-'], token('pplx-[A-Za-z0-9]{48}')),
  rule('tavily-key', 'a Tavily API key', ['tvly-'], token('tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}')),
  rule('langsmith-key', 'a LangSmith API key', ['lsv2_'], token('lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}')),
  rule('maxmind-key', 'a MaxMind license key', ['_mmk'], token('[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk')),

  // Payments and commerce.
  rule('stripe-key', 'a Stripe key', ['sk_', 'rk_', 'whsec_'], /(?<![A-Za-z0-9_])(?:(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,}|whsec_[A-Za-z0-9]{24,})/),
  rule('shopify-token', 'a Shopify token', ['shpat_', 'shpca_', 'shppa_', 'shpss_'], token('shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}')),
  rule('square-token', 'a Square token', ['sq0atp-', 'sq0csp-', 'eaaa'], token('sq0(?:atp|csp)-[A-Za-z0-9_-]{22,60}|EAAA[A-Za-z0-9_-]{60}')),
  rule('shippo-token', 'a Shippo token', ['shippo_'], token('shippo_(?:live|test)_[a-fA-F0-9]{40}')),
  rule('duffel-token', 'a Duffel token', ['duffel_'], token('duffel_(?:test|live)_[A-Za-z0-9_=-]{43}')),
  rule('flutterwave-key', 'a Flutterwave secret key', ['flwseck'], token('FLWSECK(?:_TEST)?-[a-hA-H0-9]{12,32}(?:-X)?')),
  rule('easypost-key', 'an EasyPost API key', ['ezak', 'eztk'], token('EZ[AT]K[A-Za-z0-9]{54}')),
  rule('facebook-token', 'a Facebook access token', ['eaac', 'eaam'], token('EAA[CM][A-Za-z0-9]{100,}')),

  // Generic shapes.
  // Header segment is base64url JSON (`{"` → eyJ); an unsigned JWT may have an empty signature.
  rule('jwt', 'a JWT', ['eyj'], /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{7,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/),
  // Two full lines of a PEM body (64 base64 characters each), whatever the BEGIN line said.
  rule('pem-body', 'a key or certificate body', [], /(?:^|\n)[A-Za-z0-9+/]{64}\r?\n[A-Za-z0-9+/]{63}[A-Za-z0-9+/=]/),
];
