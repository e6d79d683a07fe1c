<?php
// A shop in plain PHP that takes payments through pay-service: `php -S 127.0.0.1:8001 index.php`.
//
// The shop's server creates a checkout session server to server (one authenticated call), its order
// page embeds <pay-dynamic-account> from the service (and links the service's hosted checkout), and the
// service tells the shop the order is paid by a signed notification (Standard Webhooks), which the shop
// verifies with an HMAC and applies once, however many times it comes.
//
//   PAY_SERVICE_URL=http://127.0.0.1:3000 PAY_SERVICE_KEY=sk_... PAY_NOTIFY_SECRET=whsec_... \
//   SHOP_CUSTOMER_ID=cus_ada_okafor php -S 127.0.0.1:8001 index.php

$service = rtrim(getenv('PAY_SERVICE_URL') ?: 'http://127.0.0.1:3000', '/');
$key = getenv('PAY_SERVICE_KEY');
$secret = getenv('PAY_NOTIFY_SECRET');
$customer = getenv('SHOP_CUSTOMER_ID') ?: 'cus_ada_okafor';
// The shop's orders, in a file (a real shop has its database). Every change holds the file's lock.
$data = getenv('SHOP_DATA') ?: sys_get_temp_dir() . '/php-shop-orders.json';
$product = ['title' => 'Ankara tote bag', 'amount' => '5000.00', 'currency' => 'NGN'];

/** Runs $change on the orders under the file's lock, saves them, and answers what $change answered. */
function with_orders(callable $change)
{
    global $data;
    $file = fopen($data, 'c+');
    flock($file, LOCK_EX);
    $orders = json_decode(stream_get_contents($file) ?: '{}', true);
    $result = $change($orders);
    ftruncate($file, 0);
    rewind($file);
    fwrite($file, json_encode($orders, JSON_FORCE_OBJECT));
    flock($file, LOCK_UN);
    fclose($file);
    return $result;
}

/** One call to pay-service's API with the shop's key: [status, JSON answer]. */
function service($method, $path, $body = null)
{
    global $service, $key;
    $context = stream_context_create(['http' => [
        'method' => $method,
        'header' => "Authorization: Bearer $key\r\nContent-Type: application/json\r\n",
        'content' => $body === null ? '' : json_encode($body),
        'ignore_errors' => true,
        'timeout' => 15,
    ]]);
    $text = file_get_contents($service . $path, false, $context);
    preg_match('/^HTTP\/\S+ (\d+)/', $http_response_header[0] ?? '', $status);
    return [(int) ($status[1] ?? 0), json_decode($text, true)];
}

/** Standard Webhooks: base64(HMAC-SHA256(key, "id.timestamp.body")), no older than 5 minutes. */
function verified($body)
{
    global $secret;
    $id = $_SERVER['HTTP_WEBHOOK_ID'] ?? '';
    $stamp = $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '0';
    $key = base64_decode(substr($secret, strlen('whsec_')));
    $expected = 'v1,' . base64_encode(hash_hmac('sha256', "$id.$stamp.$body", $key, true));
    $fresh = ctype_digit($stamp) && abs(time() - (int) $stamp) < 300;
    foreach (explode(' ', $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '') as $signature) {
        if ($fresh && hash_equals($expected, $signature)) return true;
    }
    return false;
}

function page($title, $body)
{
    global $service;
    header('Content-Type: text/html; charset=utf-8');
    $t = htmlspecialchars($title);
    echo "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        . "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>$t</title>"
        . "<script type=\"module\" src=\"$service/cdn/pay-elements-0.1.0.js\"></script></head>"
        . "<body><main style=\"max-width:34rem;margin:2rem auto;font-family:system-ui\">$body</main></body></html>";
}

$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$method = $_SERVER['REQUEST_METHOD'];

if ($method === 'GET' && $path === '/') {
    page('Shop', '<h1>' . htmlspecialchars($product['title']) . "</h1><p>NGN {$product['amount']}</p>"
        . '<form method="post" action="/buy"><button>Buy</button></form>');
} elseif ($method === 'POST' && $path === '/buy') {
    $orderId = 'php-' . bin2hex(random_bytes(6));
    [$status, $session] = service('POST', '/api/sessions', [
        'order_id' => $orderId, 'amount' => $product['amount'], 'currency' => $product['currency'],
        'customer_id' => $customer, 'order' => ['title' => $product['title'], 'reference' => $orderId],
    ]);
    if ($status !== 200 && $status !== 201) {
        http_response_code(502);
        page('Error', "<p>pay-service answered $status</p>");
        return;
    }
    with_orders(function (&$orders) use ($orderId, $session) {
        $orders[$orderId] = ['id' => $orderId, 'status' => 'pending', 'fulfilled' => 0,
            'session' => $session['id'], 'checkout_url' => $session['url']];
    });
    header("Location: /orders/$orderId", true, 303);
} elseif ($method === 'POST' && $path === '/hooks/pay') {
    $body = file_get_contents('php://input');
    if (!verified($body)) {
        http_response_code(400);
        echo 'bad signature';
        return;
    }
    $event = json_decode($body, true);
    if ($event['type'] === 'session.paid') {
        with_orders(function (&$orders) use ($event) {
            $id = $event['data']['order_id'];
            // once: a notification that comes again finds the order paid and changes nothing
            if (isset($orders[$id]) && $orders[$id]['status'] !== 'paid') {
                $orders[$id]['status'] = 'paid';
                $orders[$id]['fulfilled'] += 1;
            }
        });
    }
    echo 'ok';
} elseif ($method === 'GET' && preg_match('#^/orders/([\w-]+?)(\.json)?$#', $path, $m)) {
    $order = with_orders(fn (&$orders) => $orders[$m[1]] ?? null);
    if ($order === null) {
        http_response_code(404);
        page('Not found', '<h1>No such order</h1>');
    } elseif (!empty($m[2])) {
        header('Content-Type: application/json');
        echo json_encode($order);
    } elseif ($order['status'] === 'paid') {
        page('Paid', '<h1>Thank you: order ' . htmlspecialchars($order['id']) . ' is paid</h1>');
    } else {
        $session = htmlspecialchars($order['session']);
        $checkout = htmlspecialchars($order['checkout_url']);
        page('Pay', '<h1>Pay for order ' . htmlspecialchars($order['id']) . '</h1>'
            . "<pay-dynamic-account endpoint=\"$service/pay\" session=\"$session\" show-qr></pay-dynamic-account>"
            . "<p><a href=\"$checkout\">Pay on the hosted checkout page instead</a></p>");
    }
} else {
    http_response_code(404);
    echo 'not found';
}
