#!/usr/bin/perl
# Harvests an OAI-PMH repository with HTTP::OAI (Debian "libhttp-oai-perl"), an independent
# harvester, following its resumption tokens. Prints one line per record:
#   status <TAB> identifier <TAB> datestamp <TAB> setSpecs (comma-separated) <TAB> title or 001
# and "error <TAB> code" for each protocol error. Usage: harvest.pl BASE_URL PREFIX [FROM]
use strict;
use warnings;
use HTTP::OAI;
use HTTP::OAI::Metadata::OAI_DC;
use XML::LibXML::XPathContext;

binmode STDOUT, ':encoding(UTF-8)';
my ($base, $prefix, $from) = @ARGV;
my $harvester = HTTP::OAI::Harvester->new(baseURL => $base, resume => 1);
$harvester->repository($harvester->Identify);
my %args = (metadataPrefix => $prefix, ($from ? (from => $from) : ()));
$args{handlers} = { metadata => 'HTTP::OAI::Metadata::OAI_DC' } if $prefix eq 'oai_dc';
my $ns = 'http://www.loc.gov/MARC21/slim';
# Each page replaces the last in the response object, so records are taken as they are parsed.
$args{onRecord} = sub {
  my ($record) = @_;
  my $header = $record->header;
  my $what = '';
  if (!$header->is_deleted && $record->metadata) {
    if ($prefix eq 'oai_dc') {
      $what = join(' | ', @{ $record->metadata->dc->{title} || [] });
    } else {
      my $xpath = XML::LibXML::XPathContext->new($record->metadata->dom);
      $xpath->registerNs('m', $ns);
      $what = $xpath->findvalue('.//m:record/m:controlfield[@tag="001"]');
    }
  }
  $what =~ s/[\t\n]/ /g;
  print join("\t", $header->is_deleted ? 'deleted' : 'live', $header->identifier, $header->datestamp,
    join(',', $header->setSpec), $what), "\n";
};
my $response = $harvester->ListRecords(%args);
die 'harvest failed: ' . $response->code . ' ' . $response->message . "\n" if $response->is_error;
print "error\t", $_->code, "\n" for $response->errors;
