using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

public sealed class ErrorFilterTests
{
    [Fact]
    public async Task DomainExceptionIsMappedToItsMessageAndCode()
    {
        var options = new GraphQlOptions().MapException<NodeNotFoundException>(e => new GraphQlError(e.Message, ErrorCodes.NotFound));
        using var host = new GraphQlTestHost(options);

        var result = await host.ExecuteAsync("{ notFound { id } }");

        Assert.Equal(
            """{"errors":[{"message":"Node 404 does not exist.","locations":[{"line":1,"column":3}],"path":["notFound"],"extensions":{"code":"NOT_FOUND"}}],"data":{"notFound":null}}""",
            result.ToJson());
        Assert.IsType<NodeNotFoundException>(result.Errors[0].Exception);
    }

    [Fact]
    public async Task FirstMatchingFilterWinsAndExtensionsAreWritten()
    {
        var options = new GraphQlOptions();
        options.ErrorFilters.Add(_ => null);
        options.ErrorFilters.Add(e => e is NodeNotFoundException notFound
            ? new GraphQlError("missing", ErrorCodes.NotFound) { Extensions = new Dictionary<string, object?> { ["id"] = notFound.Id } }
            : null);
        options.ErrorFilters.Add(_ => new GraphQlError("too late", "LATE"));
        using var host = new GraphQlTestHost(options);

        var result = await host.ExecuteAsync("{ notFound { id } }");

        Assert.Contains("\"extensions\":{\"code\":\"NOT_FOUND\",\"id\":404}", result.ToJson(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task UnmappedExceptionBecomesUnexpectedErrorWithoutDetails()
    {
        using var host = new GraphQlTestHost();

        var result = await host.ExecuteAsync("{ failing }");

        var json = result.ToJson();
        Assert.Equal(
            """{"errors":[{"message":"Unexpected Execution Error","locations":[{"line":1,"column":3}],"path":["failing"],"extensions":{"code":"UNEXPECTED_EXECUTION_ERROR"}}],"data":{"failing":null}}""",
            json);
        Assert.DoesNotContain("hunter2", json, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ExceptionDetailsAreOptIn()
    {
        using var host = new GraphQlTestHost(new GraphQlOptions { IncludeExceptionDetails = true });

        var result = await host.ExecuteAsync("{ failing }");

        Assert.Contains("\"exception\":\"System.InvalidOperationException\"", result.ToJson(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task ThrowingFilterIsSkipped()
    {
        var options = new GraphQlOptions();
        options.ErrorFilters.Add(_ => throw new InvalidOperationException("filter bug"));
        using var host = new GraphQlTestHost(options);

        var result = await host.ExecuteAsync("{ failing }");

        Assert.Equal(ErrorCodes.UnexpectedExecutionError, Assert.Single(result.Errors).Code);
    }

    [Fact]
    public async Task GraphQlExceptionKeepsItsMessageWithoutAFilter()
    {
        using var host = new GraphQlTestHost();

        var result = await host.ExecuteAsync("{ invalid }");

        var error = Assert.Single(result.Errors);
        Assert.Equal(("limit must be positive", ErrorCodes.InvalidArgument), (error.Message, error.Code));
    }
}
