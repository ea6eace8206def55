using System.Security.Cryptography.X509Certificates;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>A run with --security tls makes its own certificate, serves and trusts it, and leaves it nowhere.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class TlsRunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task ATlsRunLeavesNoCertificateInAStoreOrOnDisk()
    {
        var stores = StoreThumbprints();
        var folders = CertificateFolders();
        var settings = db.Run("ping", _temp.Path) with
        {
            Stacks = [StackCatalog.Grpc],
            Requests = 20,
            Warmup = TimeSpan.Zero,
            Security = new RunSecurity { Mode = SecurityMode.Tls, KeyKind = CertificateKeyKind.Rsa2048 },
        };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var run = await ResultsLoader.LoadAsync(_temp.Path, default);
        var host = run.Manifest.Hosts.Single();
        Assert.Equal((ResultsFormat.SecurityMode.Tls, "RSA 2048"), (run.Manifest.Security!.Mode, run.Manifest.Security.KeyKind));
        Assert.StartsWith("https://127.0.0.1:", host.Address, StringComparison.Ordinal);
        Assert.StartsWith("TLS (CN=RpcCompare run certificate, RSA 2048;", host.Configuration["security"], StringComparison.Ordinal);
        Assert.All(run.Summary!.Entries, e => Assert.Equal((ResultsFormat.EntryStatus.Ok, 0L), (e.Status, e.Errors)));
        Assert.Equal(stores, StoreThumbprints());
        // Other processes may make and delete folders of their own meanwhile: none that appeared during the run is left.
        Assert.Empty(CertificateFolders().Except(folders));
    }

    [Fact]
    public async Task HttpsTargetsAreTrustedByTheGivenCertificate()
    {
        var tls = await db.TlsHostsAsync();

        var run = await TargetsRunAsync(tls, "targets", newConnectionPerCall: false);

        Assert.Equal((ResultsFormat.SecurityMode.Tls, "ECDSA P-256"), (run.Manifest.Security!.Mode, run.Manifest.Security.KeyKind));
        Assert.Contains($"the certificate given with --certificate {tls.CertificatePath}", run.Manifest.Security.Description, StringComparison.Ordinal);
        Assert.Equal(TlsHosts.Stacks.Count * 2, run.Summary!.Entries.Count);
        Assert.All(run.Summary.Entries, e => Assert.Equal((ResultsFormat.EntryStatus.Ok, 0L), (e.Status, e.Errors)));
    }

    [Fact]
    public async Task ANewConnectionPerCallCarriesAHandshakeEach()
    {
        var tls = await db.TlsHostsAsync();
        var kept = await TargetsRunAsync(tls, "kept", newConnectionPerCall: false);

        var churn = await TargetsRunAsync(tls, "churn", newConnectionPerCall: true);

        Assert.Equal("new-per-call", churn.Manifest.Options["connection-mode"]);
        Assert.False(kept.Manifest.Options.ContainsKey("connection-mode"));
        Assert.All(churn.Manifest.Hosts, host => Assert.Contains("new connection per call", host.Configuration["client"], StringComparison.Ordinal));
        Assert.StartsWith("# RpcCompare report: ping, TLS (ECDSA P-256), a new connection per call\n",
            await File.ReadAllTextAsync(Path.Combine(_temp.Path, "churn", ResultFileNames.ReportMarkdown)), StringComparison.Ordinal);
        foreach (var entry in churn.Summary!.Entries)
        {
            Assert.Equal((ResultsFormat.EntryStatus.Ok, 0L), (entry.Status, entry.Errors));
            var steady = kept.Summary!.Entries.Single(e => e.Stack == entry.Stack && e.Variant == entry.Variant);
            // Each call's handshake is in its bytes: at least the host's certificate more than on a kept connection.
            Assert.True(entry.BytesReceivedPerRequest - steady.BytesReceivedPerRequest >= tls.Certificate.RawData.Length,
                $"{entry.Stack} {entry.Variant}: {entry.BytesReceivedPerRequest:F1} B received per request with a new connection per call, {steady.BytesReceivedPerRequest:F1} B kept");
        }
    }

    /// <summary>A short ping run against the fixture's TLS hosts (no host start of its own), with its report.</summary>
    private async Task<RunResults> TargetsRunAsync(TlsHosts tls, string folder, bool newConnectionPerCall)
    {
        var settings = db.Run("ping", Path.Combine(_temp.Path, folder)) with
        {
            Stacks = TlsHosts.Stacks,
            Targets = tls.Targets,
            WatchLocalTargets = false,
            Requests = 20,
            Warmup = TimeSpan.Zero,
            WriteReport = true,
            Security = new RunSecurity { Mode = SecurityMode.Tls, CertificatePath = tls.CertificatePath },
            NewConnectionPerCall = newConnectionPerCall,
        };
        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));
        return await ResultsLoader.LoadAsync(settings.OutputFolder, default);
    }

    public void Dispose() => _temp.Dispose();

    /// <summary>What this user's personal and root stores hold, which a run must never change.</summary>
    private static string StoreThumbprints()
    {
        var lines = new List<string>();
        foreach (var name in new[] { StoreName.My, StoreName.Root })
        {
            using var store = new X509Store(name, StoreLocation.CurrentUser);
            store.Open(OpenFlags.ReadOnly);
            lines.AddRange(store.Certificates.Select(c => $"{name} {c.Thumbprint}"));
        }
        return string.Join("\n", lines.Order(StringComparer.Ordinal));
    }

    private static string[] CertificateFolders() =>
        [.. Directory.GetDirectories(Path.GetTempPath(), "rpccompare-tls-*").Order(StringComparer.Ordinal)];
}
