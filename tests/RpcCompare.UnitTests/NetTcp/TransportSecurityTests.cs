using System.Net;
using System.Net.Security;
using System.Net.Sockets;
using System.Security.Authentication;
using System.Security.Cryptography.X509Certificates;
using System.ServiceModel;
using System.Text;
using Microsoft.Extensions.Logging;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;
using RpcCompare.UnitTests.Support.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

/// <summary>
/// SecurityMode.Transport with a server certificate only: the [MC-NMF] upgrade to TLS as Microsoft's client asks for it,
/// byte by byte and through the client itself, and what a client that gets it wrong is told.
/// </summary>
public sealed class TransportSecurityTests : IClassFixture<TransportSecurityTests.Certificate>
{
    private const string FaultNamespace = "http://schemas.microsoft.com/ws/2006/05/framing/faults/";
    private readonly X509Certificate2 _certificate;

    public TransportSecurityTests(Certificate certificate) => _certificate = certificate.Value;

    [Fact]
    public async Task MicrosoftsClientAsksForSslTlsBeforeThePreambleEnd()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        var via = $"net.tcp://127.0.0.1:{port}/test";
        var factory = new ChannelFactory<ITestService>(TlsBinding(), WcfTransportSecurity.Address(new Uri(via), _certificate));
        var channel = (ICommunicationObject)factory.CreateChannel();
        var open = Task.Factory.FromAsync(channel.BeginOpen, channel.EndOpen, null);
        var expected = RawConnection.UpgradePreamble(via);

        using var accepted = await listener.AcceptSocketAsync();
        var received = await ReceiveAsync(accepted, expected.Length);
        accepted.Close();
        await Assert.ThrowsAnyAsync<CommunicationException>(() => open);
        factory.Abort();

        Assert.Equal(expected, received);
        Assert.Equal([0x09, 0x13, .. "application/ssl-tls"u8.ToArray()], received[^21..]);
    }

    [Fact]
    public async Task UpgradeResponseThenPreambleAckAndEndInsideTls()
    {
        await using var host = await StartAsync();
        await using var raw = await UpgradedAsync(host);

        await using var tls = await ClientTlsAsync(raw);
        await tls.WriteAsync(new byte[] { 0x0C });
        var ack = await ReadByteAsync(tls);
        await tls.WriteAsync(new byte[] { 0x07 });
        var end = await ReadByteAsync(tls);
        // The next session on the same connection starts in plaintext again, as Microsoft's pooled connections do.
        await raw.SendAsync(RawConnection.UpgradePreamble(host.Address.AbsoluteUri));
        var secondResponse = await raw.ReadByteAsync();

        Assert.Equal(0x0B, ack);
        Assert.Equal(0x07, end);
        Assert.Equal(0x0A, secondResponse);
    }

    [Fact]
    public async Task MicrosoftsClientCallsOverTlsAndReusesTheConnection()
    {
        await using var host = await StartAsync();
        var factory = host.CreateFactory<ITestService>(TlsBinding(), WcfTransportSecurity.Address(host.Address, _certificate));
        WcfTransportSecurity.TrustOnly(factory, new RunCertificateValidator(_certificate));

        var answers = new List<string>();
        for (var i = 0; i < 3; i++)
        {
            var channel = factory.CreateChannel();
            answers.Add(await channel.PingAsync($"secret {i} ü"));
            await ((ICommunicationObject)channel).CloseAsync();
        }

        Assert.Equal(["secret 0 ü", "secret 1 ü", "secret 2 ü"], answers);
        Assert.Equal(1, host.ConnectionsAccepted);
        Assert.Empty(host.Logs.NetTcp(LogLevel.Warning));
    }

    /// <summary>
    /// The load client counts above the transport and computes the framing and TLS records around each message; a relay
    /// counts the wire itself. Over calls on an open session the two agree to the byte, in cleartext and over TLS 1.3.
    /// </summary>
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task TheClientsByteCountEqualsTheWireOnceTheSessionIsOpen(bool tls)
    {
        await using var host = await NetTcpTestHost.StartAsync(o =>
        {
            o.ServiceCertificate = tls ? _certificate : null;
            o.Binding.MaxReceivedMessageSize = 1 << 20;
        });
        using var relay = new CountingRelay(host.Port);
        var binding = tls ? TlsBinding() : NetTcpTestHost.ClientBinding();
        binding.MaxReceivedMessageSize = 1 << 20;
        var wire = new WireCounter();
        var address = new Uri($"net.tcp://127.0.0.1:{relay.Port}{NetTcpTestHost.Path}");
        var factory = host.CreateFactory<ITestService>(WcfBindings.Tuned(binding, null, wire), WcfTransportSecurity.Address(address, tls ? _certificate : null));
        WcfTransportSecurity.TrustOnly(factory, new RunCertificateValidator(_certificate));
        var channel = factory.CreateChannel();
        await channel.PingAsync("open");
        var (counted, relayed) = ((wire.BytesSent, wire.BytesReceived), relay.Bytes);

        foreach (var size in new[] { 16, 1_000, 16_380, 70_000 })
        {
            await channel.PingAsync(new string('x', size));
        }

        Assert.Equal((relay.Bytes.Up - relayed.Up, relay.Bytes.Down - relayed.Down), (wire.BytesSent - counted.BytesSent, wire.BytesReceived - counted.BytesReceived));
        Assert.True(relay.Bytes.Up - relayed.Up > 87_000);
    }

    [Fact]
    public async Task AClientTrustingAnotherCertificateIsRefused()
    {
        await using var host = await StartAsync();
        using var other = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);
        var factory = host.CreateFactory<ITestService>(TlsBinding(), WcfTransportSecurity.Address(host.Address, other));
        WcfTransportSecurity.TrustOnly(factory, new RunCertificateValidator(other));

        var refused = await Assert.ThrowsAnyAsync<Exception>(() => factory.CreateChannel().PingAsync("never"));

        Assert.Contains("not this run's certificate", Flatten(refused), StringComparison.Ordinal);
        Assert.Equal("still serving", await TrustingChannel(host).PingAsync("still serving"));
    }

    [Fact]
    public async Task APlainPreambleGetsUpgradeInvalidFromATlsEndpoint()
    {
        await using var host = await StartAsync();
        await using var raw = await RawConnection.ConnectAsync(host.Port);

        await raw.SendAsync(RawConnection.Preamble(host.Address.AbsoluteUri));
        var fault = await raw.ReadFaultAsync();
        await raw.DisposeAsync();
        var plainClient = await Assert.ThrowsAnyAsync<CommunicationException>(() => host.CreateChannel().PingAsync("plain"));

        Assert.Equal(FaultNamespace + "UpgradeInvalid", fault);
        Assert.Contains("mismatched bindings", plainClient.Message, StringComparison.Ordinal);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Warning), e => e.Message.Contains("requires SecurityMode.Transport", StringComparison.Ordinal));
        Assert.Equal("still serving", await TrustingChannel(host).PingAsync("still serving"));
    }

    [Theory]
    [InlineData("application/negotiate")]
    [InlineData("application/ssl-tls2")]
    public async Task AnUpgradeOtherThanSslTlsGetsUpgradeInvalid(string upgrade)
    {
        await using var host = await StartAsync();
        await using var raw = await RawConnection.ConnectAsync(host.Port);

        await raw.SendAsync(RawConnection.UpgradePreamble(host.Address.AbsoluteUri, upgrade));
        var fault = await raw.ReadFaultAsync();

        Assert.Equal(FaultNamespace + "UpgradeInvalid", fault);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Warning), e => e.Message.Contains($"'{upgrade}'", StringComparison.Ordinal));
    }

    [Fact]
    public async Task PlainFramingAfterTheUpgradeGetsUpgradeInvalid()
    {
        await using var host = await StartAsync();
        await using var raw = await UpgradedAsync(host);

        await raw.SendAsync(0x0C);
        var fault = await raw.ReadFaultAsync();

        Assert.Equal(FaultNamespace + "UpgradeInvalid", fault);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Warning), e => e.Message.Contains("where a TLS ClientHello (0x16) was expected", StringComparison.Ordinal));
    }

    [Fact]
    public async Task AGarbageClientHelloClosesOnlyThatConnection()
    {
        await using var host = await StartAsync();
        await using var raw = await UpgradedAsync(host);

        await raw.SendAsync([0x16, 0x03, 0x01, 0x00, 0x20, .. Enumerable.Repeat((byte)0xEE, 32)]);
        var answer = await raw.ReadToCloseAsync();

        Assert.DoesNotContain((byte)0x0B, answer);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Warning), e => e.Message.Contains("the TLS handshake failed", StringComparison.Ordinal));
        Assert.Equal("still serving", await TrustingChannel(host).PingAsync("still serving"));
    }

    [Fact]
    public async Task AHandshakeThatStallsIsClosedAtThePreambleDeadline()
    {
        await using var host = await StartAsync(TimeSpan.FromSeconds(1));
        await using var raw = await UpgradedAsync(host);

        await raw.SendAsync(0x16, 0x03, 0x01);
        var answer = await raw.ReadToCloseAsync();

        Assert.Empty(answer);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Warning), e => e.Message.Contains("its TLS handshake did not complete within 00:00:01", StringComparison.Ordinal));
        Assert.Equal("still serving", await TrustingChannel(host).PingAsync("still serving"));
    }

    [Fact]
    public async Task HostShutdownEndsAnIdleTlsSessionWithEnd()
    {
        await using var host = await StartAsync();
        var channel = TrustingChannel(host);
        var control = (ICommunicationObject)channel;
        Assert.Equal("up", await channel.PingAsync("up"));

        await host.StopAsync();
        await Eventually.TrueAsync(() => control.State == CommunicationState.Closed);
        var error = await Assert.ThrowsAsync<ProtocolException>(() => channel.PingAsync("down"));

        Assert.Contains("server-initiated shutdown", error.Message, StringComparison.Ordinal);
    }

    /// <summary>NetTcpBinding(SecurityMode.Transport) with no client credential, as the load client sets it.</summary>
    private static NetTcpBinding TlsBinding()
    {
        var binding = new NetTcpBinding(SecurityMode.Transport);
        binding.Security.Transport.ClientCredentialType = TcpClientCredentialType.None;
        binding.Security.Transport.SslProtocols = SslProtocols.Tls12 | SslProtocols.Tls13;
        return binding;
    }

    private Task<NetTcpTestHost> StartAsync(TimeSpan? preambleTimeout = null) => NetTcpTestHost.StartAsync(o =>
    {
        o.ServiceCertificate = _certificate;
        if (preambleTimeout is { } timeout)
        {
            o.Binding.ChannelInitializationTimeout = timeout;
        }
    });

    /// <summary>A raw connection whose preamble asked for TLS and got the UpgradeResponse (0x0A), nothing more yet.</summary>
    private static async Task<RawConnection> UpgradedAsync(NetTcpTestHost host)
    {
        var raw = await RawConnection.ConnectAsync(host.Port);
        await raw.SendAsync(RawConnection.UpgradePreamble(host.Address.AbsoluteUri));
        Assert.Equal(0x0A, await raw.ReadByteAsync());
        return raw;
    }

    private ITestService TrustingChannel(NetTcpTestHost host)
    {
        var factory = host.CreateFactory<ITestService>(TlsBinding(), WcfTransportSecurity.Address(host.Address, _certificate));
        WcfTransportSecurity.TrustOnly(factory, new RunCertificateValidator(_certificate));
        return factory.CreateChannel();
    }

    private async Task<SslStream> ClientTlsAsync(RawConnection raw)
    {
        var tls = new SslStream(raw.AsStream(), leaveInnerStreamOpen: false, (_, presented, _, _) => RunCertificates.IsRunCertificate(presented, _certificate));
        await tls.AuthenticateAsClientAsync(new SslClientAuthenticationOptions { TargetHost = "localhost" });
        return tls;
    }

    private static async Task<byte> ReadByteAsync(Stream stream)
    {
        var buffer = new byte[1];
        await stream.ReadExactlyAsync(buffer);
        return buffer[0];
    }

    private static async Task<byte[]> ReceiveAsync(Socket socket, int count)
    {
        using var guard = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        var buffer = new byte[count];
        var filled = 0;
        while (filled < count)
        {
            var read = await socket.ReceiveAsync(buffer.AsMemory(filled), SocketFlags.None, guard.Token);
            if (read == 0)
            {
                break;
            }

            filled += read;
        }

        return buffer[..filled];
    }

    private static string Flatten(Exception? e)
    {
        var text = new StringBuilder();
        for (; e is not null; e = e.InnerException)
        {
            text.Append(e.Message).Append(" | ");
        }

        return text.ToString();
    }

    /// <summary>One run certificate for the class: making a key pair is the slow part.</summary>
    public sealed class Certificate : IDisposable
    {
        public X509Certificate2 Value { get; } = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);

        public void Dispose() => Value.Dispose();
    }
}
