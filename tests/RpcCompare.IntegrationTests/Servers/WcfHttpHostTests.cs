using System.Net;
using System.Text;
using System.Xml.Linq;
using RpcCompare.Contracts;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>
/// The SOAP-over-HTTP host (SoapCore) as any SOAP 1.1 client sees it: envelopes written by hand, sent with HttpClient to
/// the fixture's host. Hostile ones end in a bounded error and the host answers the next call.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class WcfHttpHostTests(DatabaseFixture db)
{
    private const string Soap11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static readonly XNamespace Data = GraphContract.DataNamespace;

    [Fact]
    public async Task AHandWrittenEnvelopeGetsTheNodeBack()
    {
        var hub = db.Generator.HubIds[1];
        var expected = await db.CreateQueries().GetNodeAsync(hub, default);

        using var response = await PostAsync("GetNode", GetNode(hub.ToString(System.Globalization.CultureInfo.InvariantCulture)));
        var reply = XDocument.Parse(await response.Content.ReadAsStringAsync());

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("text/xml", response.Content.Headers.ContentType?.MediaType);
        var result = reply.Descendants(XName.Get("GetNodeResult", GraphContract.ServiceNamespace)).Single();
        Assert.Equal(hub, (long)result.Element(Data + "Id")!);
        Assert.Equal(expected.Name, (string)result.Element(Data + "Name")!);
        Assert.Equal(expected.LinkCount, (int)result.Element(Data + "LinkCount")!);
    }

    [Fact]
    public async Task ALoopbackHostRefusesAForeignHostHeader()
    {
        using var foreign = await PostAsync("Ping", Envelope("<Ping xmlns=\"http://rpccompare.dev/graph\"><payload>x</payload></Ping>"),
            host: "attacker.example");

        Assert.Equal(HttpStatusCode.BadRequest, foreign.StatusCode);
    }

    [Fact]
    public async Task AnUnknownNodeIsAFaultCodedNotFoundWithoutDetails()
    {
        using var response = await PostAsync("GetNode", GetNode("987654321"));
        var body = await response.Content.ReadAsStringAsync();
        var fault = XDocument.Parse(body).Descendants(XName.Get("Fault", Soap11)).Single();
        var code = fault.Element("faultcode")!;

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Equal(XName.Get("NotFound", GraphContract.ServiceNamespace), ResolveQName(code));
        Assert.Contains("987654321 does not exist", (string)fault.Element("faultstring")!, StringComparison.Ordinal);
        Assert.Null(fault.Element("detail"));
    }

    [Fact]
    public async Task ClientFaultsCarryTheOtherStacksFailureCauses()
    {
        var client = (await db.ClientsAsync())[StackCatalog.WcfHttp];

        var notFound = await Assert.ThrowsAsync<GraphCallException>(() => client.GetNodeAsync(987_654_321, default));
        var invalid = await Assert.ThrowsAsync<GraphCallException>(() => client.ListNodesAsync(0, 0, default));

        Assert.Equal((ErrorKind.NotFound, "fault NotFound"), (notFound.Kind, notFound.NativeCode));
        Assert.Equal((ErrorKind.InvalidArgument, "fault InvalidArgument"), (invalid.Kind, invalid.NativeCode));
        Assert.Equal("still here", await client.PingAsync("still here", default));
    }

    [Fact]
    public async Task AnEntityExpandingDoctypeIsRefusedUnread()
    {
        var laughs = new StringBuilder("<!DOCTYPE Envelope [<!ENTITY a \"aaaaaaaaaa\">");
        for (var i = 1; i < 10; i++)
        {
            laughs.Append(CultureInfo($"<!ENTITY {(char)('a' + i)} \"{string.Concat(Enumerable.Repeat($"&{(char)('a' + i - 1)};", 10))}\">"));
        }
        laughs.Append("]>");
        var envelope = laughs + Envelope("<Ping xmlns=\"http://rpccompare.dev/graph\"><payload>&j;</payload></Ping>");

        // The dictionary text reader knows no DOCTYPE at all: it stops at its first character, nothing expanded.
        await AssertRefusedAsync(envelope, HttpStatusCode.BadRequest, "The message could not be read: CData elements not valid at top level");
    }

    [Fact]
    public async Task ADeeplyNestedBodyIsRefusedAtTheDepthQuota()
    {
        const int Levels = 100_000;
        var body = string.Concat(Enumerable.Repeat("<x>", Levels)) + string.Concat(Enumerable.Repeat("</x>", Levels));

        await AssertRefusedAsync(Envelope($"<Ping xmlns=\"http://rpccompare.dev/graph\"><payload>{body}</payload></Ping>"),
            HttpStatusCode.BadRequest, "The maximum read depth (32) has been exceeded");
    }

    [Fact]
    public async Task HugeAttributeCountsAndNamesAreRefused()
    {
        var attributes = string.Concat(Enumerable.Range(0, 100_000).Select(i => CultureInfo($" a{i}=\"v\"")));
        var name = new string('n', 1_000_000);

        await AssertRefusedAsync(Envelope($"<Ping xmlns=\"http://rpccompare.dev/graph\"{attributes}><payload>x</payload></Ping>"),
            HttpStatusCode.BadRequest, "'maximum bytes per Read operation' quota (4096)");
        // A megabyte name without attributes passes the reader's quotas: the 8 MiB body limit bounds it, and the service
        // finds no payload beside it.
        await AssertRefusedAsync(Envelope($"<Ping xmlns=\"http://rpccompare.dev/graph\"><{name}>x</{name}></Ping>"),
            HttpStatusCode.InternalServerError, "The ping payload is required.");
    }

    /// <summary>
    /// Kestrel refuses the body by its announced length and closes the connection after the 413: a client that sends
    /// the body at once sees its write fail (as Microsoft's client does, a protocol error); one that waits for 100-continue
    /// reads the fault.
    /// </summary>
    [Fact]
    public async Task ABodyOverTheLimitIs413()
    {
        var payload = new string('p', 9 * 1024 * 1024);

        await AssertRefusedAsync(Envelope($"<Ping xmlns=\"http://rpccompare.dev/graph\"><payload>{payload}</payload></Ping>"),
            HttpStatusCode.RequestEntityTooLarge, "The request body is larger than 8,388,608 bytes.");
    }

    /// <summary>The refusal is a SOAP fault with the expected status that names the limit; the host serves the next call.</summary>
    private async Task AssertRefusedAsync(string envelope, HttpStatusCode status, string named)
    {
        using var response = await PostAsync("Ping", envelope);
        var body = await response.Content.ReadAsStringAsync();

        Assert.Equal(status, response.StatusCode);
        Assert.True(body.Length < 4_096, $"a {body.Length:N0}-character answer");
        Assert.Contains(named, body, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", body, StringComparison.Ordinal);
        var hub = db.Generator.HubIds[0];
        Assert.Equal(hub, (await (await db.ClientsAsync())[StackCatalog.WcfHttp].GetNodeAsync(hub, default)).Id);
    }

    private async Task<HttpResponseMessage> PostAsync(string operation, string envelope, string? host = null)
    {
        var process = await db.HostAsync(StackCatalog.WcfHttp);
        using var http = new HttpClient();
        using var request = new HttpRequestMessage(HttpMethod.Post, process.Ready.Endpoints[EndpointNames.Http])
        {
            Content = new StringContent(envelope, Encoding.UTF8, "text/xml"),
        };
        request.Headers.ExpectContinue = true;
        request.Headers.Host = host;
        request.Headers.Add("SOAPAction", $"\"{GraphContract.ServiceNamespace}/{GraphContract.ServiceName}/{operation}\"");
        return await http.SendAsync(request);
    }

    private static string GetNode(string id) =>
        Envelope($"<GetNode xmlns=\"{GraphContract.ServiceNamespace}\"><request xmlns:d=\"{GraphContract.DataNamespace}\"><d:Id>{id}</d:Id></request></GetNode>");

    private static string Envelope(string body) =>
        $"<s:Envelope xmlns:s=\"{Soap11}\"><s:Body>{body}</s:Body></s:Envelope>";

    private static XName ResolveQName(XElement element)
    {
        var parts = ((string)element).Split(':');
        return XName.Get(parts[1], element.GetNamespaceOfPrefix(parts[0])!.NamespaceName);
    }

    private static string CultureInfo(FormattableString text) => FormattableString.Invariant(text);
}
